import express, { type ErrorRequestHandler, type Express } from "express";
import cors from "cors";
import { ApolloServer } from "@apollo/server";
import { graphqlHandler } from "../lib/graphql/http-handler.js";
import { ApolloGateway, RemoteGraphQLDataSource } from "@apollo/gateway";
import type { Config } from "../lib/config.js";
import { executedOperationsAnswer200 } from "../lib/errors.js";
import { OperationRules } from "../lib/graphql/operation-rules.js";
import { callerAddress, corsOptions, finishJsonApp, healthz, listen, trustProxyValue, upgradeCallerAddress, type RunningServer } from "../lib/http.js";
import type { Logger } from "../lib/logger.js";
import { composeSupergraph } from "./compose.js";
import { faultAwareFetcher } from "./subgraph-fetcher.js";
import { CLIENT_ADDRESS_HEADER, SUBSCRIPTION_EVENT_HEADER, type InternalCalls } from "../lib/auth/internal-calls.js";
import type { GraphQLSchema } from "graphql";
import type { Bus } from "../lib/pubsub.js";
import { mountBlobProxy } from "./blob-proxy.js";
import { mountPageProxy } from "./page-proxy.js";
import { mountExplorer } from "./pages/explorer.js";
import { mountConsole } from "./pages/console.js";
import { mountApiDocs } from "./pages/api-docs.js";
import { DeclaredSubscriptions, type ExecuteThroughGateway } from "./subscriptions/declared-subscriptions.js";
import { serveGraphqlWs } from "./subscriptions/websocket-server.js";
import { httpOperationRefusals } from "./subscriptions/http-refusal.js";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import { LeanExecutor } from "./execution/lean-executor.js";
import { SubgraphCalls, type InProcessSubgraph } from "./execution/subgraph-calls.js";
import { healthCheck, healthUrlOf, readyz, type ReadinessCheck } from "../lib/readiness.js";

/** The gateway's own HTTP client for subgraph requests (keep-alive, as without a fetcher of ours). */
const defaultFetcher = new RemoteGraphQLDataSource({ url: "http://127.0.0.1/" }).fetcher;
import { mountMetrics } from "../lib/metrics/endpoint.js";
import { reportLiveSubscriptions } from "../lib/metrics/gauges.js";
import { operationMetricsPlugin } from "../lib/metrics/graphql-plugin.js";

/** What the gateway knows of a request: the caller's credentials, forwarded untouched to subgraphs. */
export interface GatewayContext {
  authorization: string | undefined;
  /** The caller's network address, passed on signed so subgraphs can limit per client address. */
  clientAddress?: string;
  /** A subscription's re-execution after a job event (not a request of the caller's own). */
  subscriptionEvent?: boolean;
}

export interface GatewayOptions {
  config: Pick<Config, "corsAllowOrigin" | "bodyLimitBytes" | "maxSubscriptionsPerConnection" | "operationLimits" | "production" | "introspection" | "trustProxy" | "gatewayExecutor" | "metrics" | "consoleClient" | "publicUrl">;
  log: Logger;
  /** The domains the graph is composed of (their schemas and declared subscriptions), and where each subgraph is. */
  domains: readonly DomainManifest[];
  subgraphUrls: Record<string, string>;
  /** A supergraph composed elsewhere (`SUPERGRAPH_FILE`); without it the domains' schemas are composed. */
  supergraphSdl?: string;
  /** Domain events, for subscriptions (Redis in scale-out, so every replica sees every worker's events). */
  bus: Bus;
  /** The server that answers signed `/blobs/...` and `/uploads/...` URLs (a domain declaring `servesFiles`). */
  fileServiceUrl: () => string | undefined;
  /** Signs the subscription-event marker subgraphs accept only from the gateway (same deployment secret). */
  internalCalls: InternalCalls;
  /** What `/readyz` checks besides every subgraph answering: Redis, and the database in one-process mode. */
  readiness: readonly ReadinessCheck[];
  /** Routers to mount on the same port before the gateway (the REST adapter in one-process mode). */
  mount?: (app: Express) => void;
  /** Subgraphs this process serves itself (one-process mode): their operations run without HTTP. */
  inProcessSubgraphs?: Record<string, InProcessSubgraph>;
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

/**
 * The federated graph at `/graphql` (Apollo Gateway over the composed subgraphs; graphql-ws
 * subscriptions on the same path), signed blob URLs and `/healthz`.
 */
export async function start(port: number, options: GatewayOptions, host = "127.0.0.1"): Promise<RunningGateway> {
  let apiSchema: GraphQLSchema | undefined;
  const supergraphSdl = options.supergraphSdl ?? (await composeSupergraph(options.domains, options.subgraphUrls));
  const gateway = new ApolloGateway({
    supergraphSdl,
    buildService: ({ name, url }) =>
      new RemoteGraphQLDataSource<GatewayContext>({
        url,
        fetcher: faultAwareFetcher(name, defaultFetcher),
        willSendRequest({ request, context }) {
          if (context.authorization) request.http?.headers.set("authorization", context.authorization);
          if (context.clientAddress) request.http?.headers.set(CLIENT_ADDRESS_HEADER, options.internalCalls.signAddress(context.clientAddress));
          if (context.subscriptionEvent) {
            const marker = options.internalCalls.sign({ authorization: context.authorization, query: request.query, variables: request.variables });
            request.http?.headers.set(SUBSCRIPTION_EVENT_HEADER, marker);
          }
        },
      }),
  });
  // HTTP and graphql-ws both answer by these.
  const rules = new OperationRules(options.config, options.config.operationLimits, options.log);
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    // The process's boot stops every part in order on SIGINT / SIGTERM (one handler, not one per server).
    stopOnTerminationSignals: false,
    ...rules.apolloOptions([
      executedOperationsAnswer200,
      httpOperationRefusals,
      ...(options.config.metrics.enabled ? [operationMetricsPlugin] : []),
    ]),
  });
  const calls = new SubgraphCalls(options.internalCalls, (name) => options.subgraphUrls[name], options.inProcessSubgraphs);
  const lean = options.config.gatewayExecutor === "lean" ? new LeanExecutor((requestContext) => calls.for(requestContext.context as GatewayContext)) : undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: loaded, coreSupergraphSdl }) => {
    apiSchema = loaded;
    lean?.load(coreSupergraphSdl);
  });
  // Apollo Server takes the executor when it loads the gateway (in `start`).
  if (lean) gateway.executor = lean.executor(gateway.executor!);
  await apollo.start();
  const execute: ExecuteThroughGateway = async ({ query, variables, operationName, authorization, clientAddress, subscriptionEvent }) => {
    const response = await apollo.executeOperation({ query, variables, operationName: operationName ?? undefined }, { contextValue: { authorization, clientAddress, subscriptionEvent } });
    if (response.body.kind !== "single") throw new Error("incremental delivery is not used here");
    return response.body.singleResult;
  };
  const declarations = options.domains.flatMap((domain) => domain.subscriptions ?? []);
  const subscriptions = new DeclaredSubscriptions(execute, options.bus, options.log, declarations);
  await subscriptions.start();
  const stopReportingSubscriptions = reportLiveSubscriptions(() => subscriptions.activeSubscriptions);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(options.config.trustProxy));
  app.get("/healthz", healthz);
  const subgraphChecks = Object.entries(options.subgraphUrls).map(([name, url]) => healthCheck(`subgraph:${name}`, healthUrlOf(url)));
  app.get("/readyz", readyz(() => [...options.readiness, ...subgraphChecks]));
  mountMetrics(app, options.config.metrics);
  app.use(["/blobs", "/uploads"], cors(corsOptions(options.config.corsAllowOrigin)));
  mountBlobProxy(app, options.fileServiceUrl, options.log);
  mountPageProxy(app, options.domains, options.subgraphUrls, options.log);
  mountExplorer(app, options.config.introspection);
  mountConsole(app, { client: options.config.consoleClient, internalCalls: options.internalCalls, execute, secure: options.config.publicUrl.startsWith("https:") });
  mountApiDocs(app, supergraphSdl);
  options.mount?.(app);
  app.use(
    "/graphql",
    cors(corsOptions(options.config.corsAllowOrigin)),
    express.json({ limit: options.config.bodyLimitBytes }),
    graphqlBodyErrors,
    graphqlHandler(apollo, async ({ req }) => ({ authorization: req.headers.authorization, clientAddress: callerAddress(req, options.internalCalls) })),
  );
  finishJsonApp(app, options.log);
  const running = await listen(app, port, host);
  const websockets = serveGraphqlWs({
    server: running.server,
    schema: () => apiSchema,
    execute,
    subscriptions,
    maxPayloadBytes: options.config.bodyLimitBytes,
    rules,
    clientAddress: (request) => upgradeCallerAddress(app, request, options.internalCalls),
    maxSubscriptionsPerConnection: options.config.maxSubscriptionsPerConnection,
    log: options.log,
  });
  options.log.debug({ url: `${running.url}/graphql` }, "gateway listening");
  let closing: Promise<void> | undefined;
  return {
    ...running,
    subscriptions,
    runOperation: execute,
    close() {
      // Once, however often asked. Sockets first: a subscription ended by the stop would tell its client "complete" instead of "restart".
      closing ??= (async () => {
        stopReportingSubscriptions();
        await websockets.close();
        await subscriptions.stop();
        await running.close();
        await apollo.stop();
        await calls.close();
      })();
      return closing;
    },
  };
}
