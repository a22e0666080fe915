import { readFileSync } from "node:fs";
import express from "express";
import { parse, type DocumentNode, type GraphQLSchema } from "graphql";
import { ApolloServer, type BaseContext } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import { buildSubgraphSchema } from "@apollo/subgraph";
import type { GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper/index.js";
import type { Config } from "../config.js";
import { createFormatError, subgraphResultsAnswer200 } from "../errors.js";
import { apolloProtection, subgraphHeadroom } from "./operation-limits.js";
import { callerAddress, healthz, listen, type RunningServer } from "../http.js";
import type { Logger } from "../logger.js";
import { SUBSCRIPTION_EVENT_HEADER, type InternalCalls } from "../auth/internal-calls.js";

export function loadTypeDefs(schemaFile: URL): DocumentNode {
  return parse(readFileSync(schemaFile, "utf8"));
}

export function buildSchema(typeDefs: DocumentNode, resolvers: unknown): GraphQLSchema {
  return buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
}

/** What a subgraph reads of a request besides its body. */
export interface SubgraphRequest {
  authorization: string | undefined;
  /** The caller's network address: as the gateway signed it, else this connection's. */
  clientAddress: string;
  /** The gateway re-reading state for its subscribers, proven by its signed marker (see lib/auth/internal-calls.ts). */
  subscriptionEvent: boolean;
}

export interface ServeOptions<Context extends BaseContext> {
  name: string;
  schema: GraphQLSchema;
  /** Builds the typed context of one request; the subgraph verifies the credentials itself. */
  context(request: SubgraphRequest): Promise<Context>;
  log: Logger;
  bodyLimitBytes: number;
  port: number;
  host?: string;
  /** Further routes on the subgraph's own server (the platform's file routes, a domain's own). */
  routes?: (app: express.Express) => void;
  /** Checks the gateway's signed subscription-event markers. */
  internalCalls: InternalCalls;
  /** Operation limits (with headroom for the gateway's plans), production mode, introspection. */
  protection: Pick<Config, "operationLimits" | "production" | "introspection">;
}

/** One subgraph over HTTP: `POST /graphql` (Apollo Server, CSRF prevention on) and `GET /healthz`. */
export async function serveSubgraph<Context extends BaseContext>(options: ServeOptions<Context>): Promise<RunningServer> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    csrfPrevention: true,
    // The process's boot stops every part in order on SIGINT / SIGTERM (one handler, not one per server).
    stopOnTerminationSignals: false,
    formatError: createFormatError(options.log),
    ...apolloProtection(options.protection, subgraphHeadroom(options.protection.operationLimits), [subgraphResultsAnswer200, ApolloServerPluginInlineTraceDisabled()]),
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
        options.context({
          authorization: req.headers.authorization,
          clientAddress: callerAddress(req, options.internalCalls),
          subscriptionEvent: options.internalCalls.verify(req.headers[SUBSCRIPTION_EVENT_HEADER], {
            authorization: req.headers.authorization,
            query: req.body?.query,
            variables: req.body?.variables,
          }),
        }),
    }),
  );
  const running = await listen(app, options.port, options.host ?? "127.0.0.1");
  options.log.debug({ subgraph: options.name, url: `${running.url}/graphql` }, "subgraph listening");
  return {
    ...running,
    async close() {
      await running.close();
      await apollo.stop();
    },
  };
}
