import express, { type ErrorRequestHandler, type Express } from "express";
import cors from "cors";
import { ApolloServer } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloGateway, RemoteGraphQLDataSource } from "@apollo/gateway";
import type { Config } from "../lib/config.js";
import { createFormatError, executedOperationsAnswer200 } from "../lib/errors.js";
import { finishJsonApp, healthz, listen, type RunningServer } from "../lib/http.js";
import type { Logger } from "../lib/logger.js";
import { composeSupergraph } from "./compose.js";
import { SUBSCRIPTION_EVENT_HEADER } from "../lib/graphql/subgraph-server.js";
import type { GraphQLSchema } from "graphql";
import type { Bus } from "../lib/pubsub.js";
import { mountBlobProxy } from "./blob-proxy.js";
import { JobSubscriptions, type ExecuteThroughGateway } from "./subscriptions/job-subscriptions.js";
import { serveGraphqlWs } from "./subscriptions/websocket-server.js";
import type { SubgraphUrls } from "./subgraphs.js";

/** What the gateway knows of a request: the caller's credentials, forwarded untouched to subgraphs. */
export interface GatewayContext {
  authorization: string | undefined;
  /** A subscription's re-execution after a job event (not a request of the caller's own). */
  subscriptionEvent?: boolean;
}

export interface GatewayOptions {
  config: Pick<Config, "corsAllowOrigin" | "bodyLimitBytes" | "maxSubscriptionsPerConnection">;
  log: Logger;
  subgraphUrls: SubgraphUrls;
  /** Job transitions, for subscriptions (Redis in scale-out, so every replica sees every worker's events). */
  bus: Bus;
  /** The assets service's own server, which answers signed `/blobs/...` and `/uploads/...` URLs. */
  assetsHttpUrl: () => string;
  /** Routers to mount on the same port before the gateway (the REST adapter in one-process mode). */
  mount?: (app: Express) => void;
}

export function corsOptions(origin: string): cors.CorsOptions {
  return {
    origin,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization", "Apollo-Require-Preflight", "Asset-Upload-Metadata"],
    credentials: true,
  };
}

/** Body-parser failures on `/graphql` answered as GraphQL errors with their 4xx status. */
const graphqlBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = typeof error?.status === "number" && error.status < 500 ? error.status : undefined;
  if (!status) return next(error);
  const message = error.type === "entity.too.large" ? "Request body too large" : "Malformed JSON body";
  res.status(status).json({ errors: [{ message, extensions: { code: "BAD_REQUEST", http: { status } } }] });
};

export interface RunningGateway extends RunningServer {
  subscriptions: JobSubscriptions;
}

/**
 * The federated graph at `/graphql` (Apollo Gateway over the composed subgraphs; graphql-ws
 * subscriptions on the same path), signed blob URLs and `/healthz`.
 */
export async function start(port: number, options: GatewayOptions, host = "127.0.0.1"): Promise<RunningGateway> {
  let apiSchema: GraphQLSchema | undefined;
  const gateway = new ApolloGateway({
    supergraphSdl: await composeSupergraph(options.subgraphUrls),
    buildService: ({ url }) =>
      new RemoteGraphQLDataSource<GatewayContext>({
        url,
        willSendRequest({ request, context }) {
          if (context.authorization) request.http?.headers.set("authorization", context.authorization);
          if (context.subscriptionEvent) request.http?.headers.set(SUBSCRIPTION_EVENT_HEADER, "1");
        },
      }),
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    formatError: createFormatError(options.log),
    plugins: [executedOperationsAnswer200],
    includeStacktraceInErrorResponses: false,
  });
  gateway.onSchemaLoadOrUpdate(({ apiSchema: loaded }) => void (apiSchema = loaded));
  await apollo.start();
  const execute: ExecuteThroughGateway = async ({ query, variables, authorization, subscriptionEvent }) => {
    const response = await apollo.executeOperation({ query, variables }, { contextValue: { authorization, subscriptionEvent } });
    if (response.body.kind !== "single") throw new Error("incremental delivery is not used here");
    return response.body.singleResult;
  };
  const subscriptions = new JobSubscriptions(execute, options.bus, options.log);
  await subscriptions.start();

  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", healthz);
  app.use(["/blobs", "/uploads"], cors(corsOptions(options.config.corsAllowOrigin)));
  mountBlobProxy(app, options.assetsHttpUrl, options.log);
  options.mount?.(app);
  app.use(
    "/graphql",
    cors(corsOptions(options.config.corsAllowOrigin)),
    express.json({ limit: options.config.bodyLimitBytes }),
    graphqlBodyErrors,
    expressMiddleware(apollo, { context: async ({ req }) => ({ authorization: req.headers.authorization }) }),
  );
  finishJsonApp(app, options.log);
  const running = await listen(app, port, host);
  const websockets = serveGraphqlWs({
    server: running.server,
    schema: () => apiSchema,
    execute,
    subscriptions,
    maxPayloadBytes: options.config.bodyLimitBytes,
    maxSubscriptionsPerConnection: options.config.maxSubscriptionsPerConnection,
    log: options.log,
  });
  options.log.info({ url: `${running.url}/graphql` }, "gateway listening");
  return {
    ...running,
    subscriptions,
    async close() {
      await subscriptions.stop();
      await websockets.close();
      await running.close();
      await apollo.stop();
    },
  };
}
