import express, { type ErrorRequestHandler, type Express } from "express";
import cors from "cors";
import { graphqlHandler } from "../lib/graphql/http-handler.js";
import type { Config } from "../lib/config.js";
import { callerAddress, corsOptions, finishJsonApp, healthz, listen, trustProxyValue, upgradeCallerAddress, weakEtag, type RunningServer } from "../lib/http.js";
import { mountMetrics } from "../lib/metrics/endpoint.js";
import { healthCheck, healthUrlOf, readyz, type ReadinessCheck } from "../lib/readiness.js";
import { mountBlobProxy } from "./blob-proxy.js";
import { mountPageProxy } from "./page-proxy.js";
import { mountExplorer } from "../pages/explorer.js";
import { mountConsole } from "../pages/console.js";
import { mountEditorFiles } from "../pages/editor.js";
import { mountApiDocs } from "../pages/api-docs.js";
import { openApiDocument, supergraphSchema } from "../rest-adapter/openapi/document.js";
import { SUPERGRAPH_PATH, supergraphEndpoint } from "../lib/graphql/supergraph-endpoint.js";
import { REST_SERVICES } from "../rest-adapter/services.js";
import { documentedRates } from "../rest-adapter/rates.js";
import { buildGraph, type Graph, type GraphOptions } from "./graph.js";
import type { DeclaredSubscriptions, ExecuteThroughGateway } from "./subscriptions/declared-subscriptions.js";
import { serveGraphqlWs } from "./subscriptions/websocket-server.js";

export interface GatewayOptions extends GraphOptions {
  config: GraphOptions["config"] & Pick<Config, "corsAllowOrigin" | "bodyLimitBytes" | "maxSubscriptionsPerConnection" | "trustProxy" | "consoleClient" | "publicUrl">;
  /** The server that answers signed `/blobs/...` and `/uploads/...` URLs (a domain declaring `servesFiles`). */
  fileServiceUrl: () => string | undefined;
  /** What `/readyz` checks besides every subgraph answering: Redis, and the database in one-process mode. */
  readiness: readonly ReadinessCheck[];
  /** Routers to mount on the same port before the gateway (the REST adapter in one-process mode). */
  mount?: (app: Express) => void;
}

/** Body-parser failures on `/graphql` answered as GraphQL errors with their 4xx status. */
const graphqlBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = typeof error?.status === "number" && error.status < 500 ? error.status : undefined;
  if (!status) return next(error);
  const message = error.type === "entity.too.large" ? "Request body too large" : "Malformed JSON body";
  res.status(status).json({ errors: [{ message, extensions: { code: "BAD_REQUEST", http: { status } } }] });
};

export interface RunningGateway extends RunningServer {
  subscriptions: DeclaredSubscriptions;
  /** Runs an operation for a caller in this process (the REST adapter beside the gateway): the same pipeline as `POST /graphql`, no HTTP. */
  runOperation: ExecuteThroughGateway;
}

/** The gateway's HTTP surface over `graph`: health, metrics, file and page proxies, the pages, whatever `mount` adds, then `/graphql`. */
function httpApp(graph: Graph, options: GatewayOptions): Express {
  const { config } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(config.trustProxy));
  app.set("etag", weakEtag);
  app.get("/healthz", healthz);
  const subgraphChecks = Object.entries(options.subgraphUrls).map(([name, url]) => healthCheck(`subgraph:${name}`, healthUrlOf(url)));
  app.get("/readyz", readyz(() => [...options.readiness, ...subgraphChecks]));
  mountMetrics(app, config.metrics);
  app.use(["/blobs", "/uploads"], cors(corsOptions(config.corsAllowOrigin)));
  mountBlobProxy(app, options.fileServiceUrl, options.log);
  mountPageProxy(app, options.domains, options.subgraphUrls, options.log, options.internalCalls);
  mountExplorer(app, config.introspection);
  mountEditorFiles(app);
  mountConsole(app, { client: config.consoleClient, internalCalls: options.internalCalls, execute: graph.execute, secure: config.publicUrl.startsWith("https:") });
  app.get(SUPERGRAPH_PATH, supergraphEndpoint(() => graph.supergraphSdl, options.internalCalls));
  mountApiDocs(app, (platform) => openApiDocument(platform, REST_SERVICES, supergraphSchema(graph.supergraphSdl), documentedRates(options.domains)));
  options.mount?.(app);
  app.use(
    "/graphql",
    cors(corsOptions(config.corsAllowOrigin)),
    express.json({ limit: config.bodyLimitBytes }),
    graphqlBodyErrors,
    graphqlHandler(graph.apollo, async ({ req }) => ({ authorization: req.headers.authorization, clientAddress: callerAddress(req, options.internalCalls) })),
  );
  finishJsonApp(app, options.log);
  return app;
}

/**
 * The federated graph at `/graphql` (HTTP, and graphql-ws subscriptions on the same path), signed blob
 * URLs, the pages and `/healthz`, listening on `port`.
 */
export async function start(port: number, options: GatewayOptions, host = "127.0.0.1"): Promise<RunningGateway> {
  const graph = await buildGraph(options);
  const app = httpApp(graph, options);
  const running = await listen(app, port, host);
  const websockets = serveGraphqlWs({
    server: running.server,
    schema: graph.apiSchema,
    execute: graph.execute,
    subscriptions: graph.subscriptions,
    maxPayloadBytes: options.config.bodyLimitBytes,
    rules: graph.rules,
    clientAddress: (request) => upgradeCallerAddress(app, request, options.internalCalls),
    maxSubscriptionsPerConnection: options.config.maxSubscriptionsPerConnection,
    log: options.log,
  });
  options.log.debug({ url: `${running.url}/graphql` }, "gateway listening");
  let closing: Promise<void> | undefined;
  return {
    ...running,
    subscriptions: graph.subscriptions,
    runOperation: graph.execute,
    close() {
      // Once, however often asked. Sockets first: a subscription ended by the stop would tell its client "complete" instead of "restart".
      closing ??= (async () => {
        await websockets.close();
        await graph.stopSubscriptions();
        await running.close();
        await graph.close();
      })();
      return closing;
    },
  };
}
