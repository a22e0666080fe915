import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import cors from "cors";
import { corsOptions } from "../gateway/server.js";
import type { Logger } from "../lib/logger.js";
import { healthz } from "../lib/http.js";
import { errorBody, renderBusinessError, type RenderedError } from "./business-errors.js";
import { executeOperation, GatewayUnavailableError } from "./graphql-client.js";
import type { RestRoute, RestService } from "./route-table.js";

export interface AdapterOptions {
  /** Resolved per request: in one-process mode the gateway's port is known only once it listens. */
  gatewayUrl: () => string;
  corsAllowOrigin: string;
  bodyLimitBytes: number;
  log: Logger;
}

const jsonBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  if (error?.type === "entity.too.large") return void res.status(413).json(errorBody("Request body too large"));
  if (error?.type === "entity.parse.failed") return void res.status(400).json(errorBody("Malformed JSON body"));
  if (typeof error?.status === "number" && error.status < 500) return void res.status(error.status).json(errorBody(error.message));
  next(error);
};

function hasBody(req: Request): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

function send(res: Response, route: RestRoute, rendered: RenderedError): void {
  res.status(rendered.status).set(rendered.headers ?? {});
  if (!route.textErrors) return void res.json(rendered.body);
  const body = rendered.body as { error?: string; message?: string };
  res.type("text/plain").send(body.error ?? body.message ?? "");
}

function runRoute(route: RestRoute, options: AdapterOptions) {
  return async (req: Request, res: Response) => {
    if (!route.rawBody && hasBody(req) && !req.is("application/json")) {
      return void res.status(415).json(errorBody("Content-Type must be application/json"));
    }
    const body = route.rawBody ? {} : (req.body ?? {});
    if (typeof body !== "object" || Array.isArray(body) || body === null) {
      return void res.status(400).json(errorBody("Request body must be a JSON object"));
    }
    const rawBody = route.rawBody && typeof req.body === "string" ? req.body : "";
    try {
      const result = await executeOperation(options.gatewayUrl(), {
        query: route.operation,
        variables:
          route.variables?.({ body, rawBody, params: req.params as Record<string, string>, query: req.query, headers: req.headers }) ?? {},
        authorization: req.headers.authorization,
      });
      if (result.errors?.length || !result.data) {
        const rendered: RenderedError = result.errors?.length
          ? renderBusinessError(result.errors[0], route.errorFields)
          : { status: 502, body: errorBody("The graph returned no data") };
        return void send(res, route, rendered);
      }
      const status = route.status ?? 200;
      if (status === 204) return void res.status(204).end();
      res.status(status).json(route.body ? route.body(result.data) : result.data);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        options.log.error({ err: error }, "REST adapter could not reach the graph");
        return void res.status(502).json(errorBody("The graph is unavailable"));
      }
      throw error;
    }
  };
}

/** Builds the router of one service from its route table; unknown paths 404, wrong methods 405. */
export function serviceRouter(service: RestService, options: AdapterOptions): Router {
  const router = express.Router();
  router.use(cors(corsOptions(options.corsAllowOrigin)));
  const json = express.json({ limit: options.bodyLimitBytes, type: "application/json" });
  const text = express.text({ limit: options.bodyLimitBytes, type: () => true });
  router.get("/healthz", healthz);
  const methodsByPath = new Map<string, string[]>();
  for (const route of service.routes) {
    const method = route.method.toLowerCase() as "get" | "post" | "put" | "delete";
    router[method](route.path, route.rawBody ? text : json, runRoute(route, options));
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  methodsByPath.set("/healthz", ["GET"]);
  for (const [path, methods] of methodsByPath) {
    router.all(path, (_req, res) => {
      res.set("Allow", [...methods, "OPTIONS"].join(", ")).status(405).json(errorBody("Method not allowed"));
    });
  }
  router.use((_req, res) => void res.status(404).json(errorBody("Not found")));
  router.use(jsonBodyErrors);
  return router;
}
