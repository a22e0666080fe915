import { readFileSync } from "node:fs";
import express from "express";
import { parse, type DocumentNode, type GraphQLSchema } from "graphql";
import { ApolloServer, type BaseContext } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import { buildSubgraphSchema } from "@apollo/subgraph";
import type { GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper/index.js";
import { createFormatError, subgraphResultsAnswer200 } from "../errors.js";
import { healthz, listen, type RunningServer } from "../http.js";
import type { Logger } from "../logger.js";
import { authenticate, type AuthState } from "../auth/request-auth.js";
import type { DesignTokenVerifier } from "../auth/design-principal.js";
import type { DataRuntime } from "../runtime.js";

export function loadTypeDefs(schemaFile: URL): DocumentNode {
  return parse(readFileSync(schemaFile, "utf8"));
}

export function buildSchema(typeDefs: DocumentNode, resolvers: unknown): GraphQLSchema {
  return buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
}

/** What a subgraph reads of a request besides its body. */
export interface SubgraphRequest {
  authorization: string | undefined;
  /** Sent by the gateway when it re-reads a job for its subscribers after an event (see gateway/subscriptions). */
  subscriptionEvent: boolean;
}

/** The header the gateway marks subscription-event executions with; clients cannot set it through the gateway. */
export const SUBSCRIPTION_EVENT_HEADER = "x-subscription-event";

export interface ServeOptions<Context extends BaseContext> {
  name: string;
  schema: GraphQLSchema;
  /** Builds the typed context of one request; the subgraph verifies the credentials itself. */
  context(request: SubgraphRequest): Promise<Context>;
  log: Logger;
  bodyLimitBytes: number;
  port: number;
  host?: string;
  /** Further routes on the subgraph's own server (the assets service's signed blob routes). */
  routes?: (app: express.Express) => void;
}

/** One subgraph over HTTP: `POST /graphql` (Apollo Server, CSRF prevention on) and `GET /healthz`. */
export async function serveSubgraph<Context extends BaseContext>(options: ServeOptions<Context>): Promise<RunningServer> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    csrfPrevention: true,
    formatError: createFormatError(options.log),
    plugins: [subgraphResultsAnswer200, ApolloServerPluginInlineTraceDisabled()],
    includeStacktraceInErrorResponses: false,
  });
  await apollo.start();
  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", healthz);
  options.routes?.(app);
  app.use(
    "/graphql",
    express.json({ limit: options.bodyLimitBytes }),
    expressMiddleware(apollo, {
      context: async ({ req }) =>
        options.context({ authorization: req.headers.authorization, subscriptionEvent: req.headers[SUBSCRIPTION_EVENT_HEADER] === "1" }),
    }),
  );
  const running = await listen(app, options.port, options.host ?? "127.0.0.1");
  options.log.info({ subgraph: options.name, url: `${running.url}/graphql` }, "subgraph listening");
  return {
    ...running,
    async close() {
      await running.close();
      await apollo.stop();
    },
  };
}

/** Serves a subgraph of the platform: each request's bearer token is verified here, by the subgraph. */
export function startSubgraph<Context extends BaseContext>(options: {
  name: string;
  schema: GraphQLSchema;
  runtime: DataRuntime;
  port: number;
  host?: string;
  context(auth: AuthState, request: SubgraphRequest): Context;
  /** Accept design-platform OAuth access tokens too (identity and design-platform subgraphs). */
  designTokens?: DesignTokenVerifier;
  routes?: (app: express.Express) => void;
}): Promise<RunningServer> {
  const { runtime } = options;
  return serveSubgraph({
    name: options.name,
    schema: options.schema,
    log: runtime.log,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    port: options.port,
    host: options.host,
    routes: options.routes,
    context: async (request) => options.context(await authenticate(request.authorization, runtime.tokens, options.designTokens), request),
  });
}
