import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import cors from "cors";
import type { Logger } from "../lib/logger.js";
import { callerAddress, corsOptions, healthz } from "../lib/http.js";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import { readyz, type ReadinessCheck } from "../lib/readiness.js";
import { timedRoute } from "../lib/metrics/timed-handler.js";
import type { RenderedError } from "./business-errors.js";
import { businessStyle, type ErrorStyle } from "./error-styles.js";
import { GatewayUnavailableError, type Caller, type GraphQLResult, type RunOperation } from "./gateway-client.js";
import { graphErrorFor, refusedVariables } from "./input-errors.js";
import type { GraphSchema } from "./graph-schema.js";
import { RequestRefusedError, type RestRequest, type RestRoute, type RestService } from "./route-table.js";
import { CallerGoneError, runUpload } from "./uploads.js";

export interface AdapterOptions {
  /** Resolved per request: in one-process mode the gateway's port is known only once it listens (uploads stream their bytes there). */
  gatewayUrl: () => string;
  /** How operations reach the graph: over HTTP, or in one-process mode straight into the gateway beside the adapter. */
  runOperation: RunOperation;
  corsAllowOrigin: string;
  bodyLimitBytes: number;
  /** The deployment's public URL (OpenID issuer). */
  publicUrl: string;
  log: Logger;
  /** Signs the caller's address for the gateway (which limits some operations per client address). */
  internalCalls: InternalCalls;
  /** What `/readyz` of a direct port checks (the gateway, or in one process the database and Redis). */
  readiness: readonly ReadinessCheck[];
  /** Observe each route's latency for `/metrics`. */
  metrics: boolean;
  /** The services served: the route files' (`REST_SERVICES`), with a test's own domain's merged in. */
  services: readonly RestService[];
  /** The graph's schema: each route's variables are checked against it, and refusals worded with it (rest-adapter/input-errors.ts). */
  graphSchema: GraphSchema;
}

/** What a caller is told to wait when the gateway cannot be reached (restarting, or every replica away). */
const GRAPH_RETRY_AFTER_SECONDS = 5;

function bodyErrors(style: ErrorStyle): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (error?.type === "entity.too.large") return void res.status(413).json(style.adapter("body_too_large", "Request body too large"));
    if (error?.type === "entity.parse.failed") return void res.status(400).json(style.adapter("malformed_body", "Malformed JSON body"));
    if (typeof error?.status === "number" && error.status < 500) {
      return void res.status(error.status).json(style.adapter("malformed_body", error.message));
    }
    next(error);
  };
}

function hasBody(req: Request): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

function send(res: Response, route: RestRoute, rendered: RenderedError): void {
  res.status(rendered.status).set(rendered.headers ?? {});
  if (!route.textErrors) return void res.json(rendered.body);
  const body = rendered.body as { error?: string; message?: string };
  res.type("text/plain").send(body.error ?? body.message ?? "");
}

/** Who the gateway is told is calling: the caller's credentials, and their address signed by this adapter. */
export function callerOf(req: Request, options: Pick<AdapterOptions, "internalCalls">): Caller {
  const address = callerAddress(req);
  return {
    authorization: req.headers.authorization,
    address,
    // Signed only when it leaves the process (a gateway over HTTP): an HMAC per call otherwise spent for nothing.
    get signedAddress() {
      return options.internalCalls.signAddress(address);
    },
  };
}

async function resultOf(route: RestRoute, req: Request, request: RestRequest, options: AdapterOptions, style: ErrorStyle): Promise<GraphQLResult | RenderedError> {
  if (route.upload) {
    const outcome = await runUpload({ ...route, upload: route.upload }, req, request, options, callerOf(req, options));
    if ("refused" in outcome) return { status: 400, body: style.adapter(outcome.refused.failure, outcome.refused.message) };
    if ("stored" in outcome) return outcome.stored;
    return outcome.result;
  }
  let variables: Record<string, unknown>;
  try {
    variables = route.variables?.(request) ?? {};
  } catch (error) {
    if (error instanceof RequestRefusedError) return { status: 400, body: style.adapter(error.failure, error.message) };
    throw error;
  }
  const refused = options.graphSchema.checksFirst && refusedVariables(route, variables, style, options.graphSchema.current());
  if (refused) return refused;
  return options.runOperation({ query: route.operation, variables, caller: callerOf(req, options) });
}

function runRoute(route: RestRoute, options: AdapterOptions, style: ErrorStyle) {
  return async (req: Request, res: Response) => {
    const mediaType = route.form ? "application/x-www-form-urlencoded" : "application/json";
    if (!route.rawBody && !route.upload && !route.bytesBody && hasBody(req) && !req.is(mediaType)) {
      return void res.status(415).json(style.adapter("unsupported_media_type", `Content-Type must be ${mediaType}`));
    }
    const body = route.rawBody || route.upload || route.bytesBody ? {} : (req.body ?? {});
    if (typeof body !== "object" || Array.isArray(body) || body === null) {
      return void res.status(400).json(style.adapter("not_an_object", "Request body must be a JSON object"));
    }
    const rawBody = route.rawBody && typeof req.body === "string" ? req.body : "";
    const rawBytes = route.bytesBody ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : undefined;
    const request: RestRequest = { body, rawBody, rawBytes, params: req.params as Record<string, string>, query: req.query, headers: req.headers };
    try {
      const result = await resultOf(route, req, request, options, style);
      // An upload answered before its whole body was read (too big): what is left of the body would sit
      // in front of the connection's next request, so the connection ends with this answer.
      if (route.upload && !req.complete) res.setHeader("Connection", "close");
      if ("status" in result) return void send(res, route, result);
      if (result.errors?.length || !result.data) {
        const rendered: RenderedError = result.errors?.length
          ? graphErrorFor(result.errors[0], route, style, options.graphSchema.current())
          : { status: 502, body: style.adapter("graph_unavailable", "The graph returned no data") };
        return void send(res, route, rendered);
      }
      const status = route.status ?? 200;
      if (status === 204) return void res.status(204).end();
      if (route.bytes) {
        const { base64, contentType } = route.bytes(result.data);
        return void res.status(status).type(contentType).set("x-content-type-options", "nosniff").send(Buffer.from(base64, "base64"));
      }
      res.status(status).json(route.body ? route.body(result.data) : result.data);
    } catch (error) {
      if (error instanceof CallerGoneError) return void res.destroy();
      if (error instanceof GatewayUnavailableError) {
        options.log.warn({ err: error }, "REST adapter could not reach the graph");
        const body = style.adapter("graph_unreachable", "The service is temporarily unavailable: try again shortly");
        return void send(res, route, { status: 503, body, headers: { "Retry-After": String(GRAPH_RETRY_AFTER_SECONDS) } });
      }
      throw error;
    }
  };
}

/** What answers one service's routes: CORS, then each route's body parser and handler; errors in the service's style. */
export interface ServiceStack {
  service: RestService;
  /** The routes kept, in the table's order. */
  routes: { route: RestRoute; handlers: RequestHandler[] }[];
  cors: RequestHandler;
  errors: ErrorRequestHandler;
}

export function serviceStack(service: RestService, options: AdapterOptions, only: (route: RestRoute) => boolean = () => true): ServiceStack {
  const style = service.errorStyle ?? businessStyle;
  const json = express.json({ limit: options.bodyLimitBytes, type: "application/json" });
  const text = express.text({ limit: options.bodyLimitBytes, type: () => true });
  const bytes = express.raw({ limit: options.bodyLimitBytes, type: () => true });
  const form = express.urlencoded({ limit: options.bodyLimitBytes, extended: false, type: "application/x-www-form-urlencoded" });
  const routes = service.routes.filter(only).map((route) => {
    const parser = route.upload ? [] : [route.bytesBody ? bytes : route.rawBody ? text : route.form ? form : json];
    const handler = runRoute(route, options, style);
    return { route, handlers: [...parser, options.metrics ? timedRoute(service.name, `${route.method} ${route.path}`, handler) : handler] };
  });
  return { service, routes, cors: cors(corsOptions(options.corsAllowOrigin)), errors: bodyErrors(style) };
}

/** A request from a browser to a backend-only route: refused before CORS can grant anything. */
function browserRefused(service: RestService, res: Response): void {
  res.status(403).json((service.errorStyle ?? businessStyle).adapter("browser_refused", "This endpoint cannot be called from a browser"));
}

/**
 * The router of one service over its stack (`serviceStack`, the same the dispatcher runs); unknown paths
 * 404, wrong methods 405, in the service's error style.
 */
export function serviceRouter(stack: ServiceStack, options: AdapterOptions): Router {
  const service = stack.service;
  const style = service.errorStyle ?? businessStyle;
  const router = express.Router();
  // Matched the way the routes themselves are (any case, a trailing slash), and before CORS can grant anything.
  // Layers of this router, not a router of their own: leaving a nested router without an answer costs an
  // event-loop turn (`setImmediate`) on every request.
  for (const { route } of stack.routes.filter((candidate) => candidate.route.noBrowser)) {
    router.all(route.path, (req, res, next) => (req.headers.origin === undefined ? next() : browserRefused(service, res)));
  }
  router.use(stack.cors);
  router.get("/healthz", healthz);
  router.get("/readyz", readyz(() => options.readiness));
  const methodsByPath = new Map<string, string[]>();
  for (const { route, handlers } of stack.routes) {
    router[route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete"](route.path, ...handlers);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  methodsByPath.set("/healthz", ["GET"]);
  methodsByPath.set("/readyz", ["GET"]);
  for (const [path, methods] of methodsByPath) {
    router.all(path, (_req, res) => {
      res.set("Allow", [...methods, "OPTIONS"].join(", ")).status(405).json(style.adapter("method_not_allowed", "Method not allowed"));
    });
  }
  router.use((_req, res) => void res.status(404).json(style.adapter("not_found", "Not found")));
  router.use(stack.errors);
  return router;
}
