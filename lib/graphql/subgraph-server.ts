import { rateCountedRequests } from "../rate-limit.js";
import { readFileSync } from "node:fs";
import express from "express";
import { parse, type DocumentNode, type GraphQLSchema } from "graphql";
import { ApolloServer, HeaderMap, type BaseContext } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { graphqlHandler } from "./http-handler.js";
import { buildSubgraphSchema } from "@apollo/subgraph";
import type { GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper/index.js";
import type { Config } from "../config.js";
import { databaseUnavailableError, subgraphResultsAnswer200 } from "../errors.js";
import { isDependencyUnavailable } from "../unavailable.js";
import { subgraphHeadroom } from "./operation-limits.js";
import { OperationRules } from "./operation-rules.js";
import { callerAddress, healthz, listen, type RunningServer } from "../http.js";
import type { Logger } from "../logger.js";
import { readyz, type ReadinessCheck } from "../readiness.js";
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
  /** What `/readyz` checks (the database, Redis). */
  readiness?: readonly ReadinessCheck[];
  /** Operation limits (with headroom for the gateway's plans), production mode, introspection. */
  protection: Pick<Config, "operationLimits" | "production" | "introspection">;
}

/** A GraphQL request body as a gateway sends it. */
export interface OperationBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export interface RunningSubgraph extends RunningServer {
  /**
   * Runs an operation as `POST /graphql` would (same plugins, limits, context and JSON answer), without
   * the HTTP round trip: for a gateway in the same process. `request` is trusted as given.
   */
  /** `rateCounted`: the answer counted against a rate limit, so it is this caller's alone (`RATE_COUNTED_HEADER` over HTTP). */
  executeInProcess(body: OperationBody, request: SubgraphRequest): Promise<{ status: number; body: unknown; rateCounted?: boolean }>;
}

/** One subgraph over HTTP: `POST /graphql` (Apollo Server, CSRF prevention on), `GET /healthz` and `GET /readyz`. */
export async function serveSubgraph<Context extends BaseContext>(options: ServeOptions<Context>): Promise<RunningSubgraph> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    csrfPrevention: true,
    // The process's boot stops every part in order on SIGINT / SIGTERM (one handler, not one per server).
    stopOnTerminationSignals: false,
    // No traces and no cache hints are asked of subgraphs: without them no resolver is wrapped per field.
    ...new OperationRules(options.protection, subgraphHeadroom(options.protection.operationLimits), options.log).apolloOptions([
      subgraphResultsAnswer200,
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginCacheControlDisabled(),
    ]),
  });
  await apollo.start();
  const contextFor = (request: SubgraphRequest) =>
    options.context(request).catch((error: unknown) => {
      // Reading the caller's roles needs the database: its absence is a 503 like any resolver's.
      throw isDependencyUnavailable(error) ? databaseUnavailableError() : error;
    });
  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", healthz);
  app.get("/readyz", readyz(() => options.readiness ?? []));
  options.routes?.(app);
  app.use(
    "/graphql",
    express.json({ limit: options.bodyLimitBytes }),
    graphqlHandler(apollo, ({ req }) =>
      contextFor({
        authorization: req.headers.authorization,
        clientAddress: callerAddress(req, options.internalCalls),
        subscriptionEvent: options.internalCalls.verify(req.headers[SUBSCRIPTION_EVENT_HEADER], {
          authorization: req.headers.authorization,
          query: req.body?.query,
          variables: req.body?.variables,
        }),
      }),
    ),
  );
  const running = await listen(app, options.port, options.host ?? "127.0.0.1");
  options.log.debug({ subgraph: options.name, url: `${running.url}/graphql` }, "subgraph listening");
  let closed = false;
  /** A context that could not be built, answered as `POST /graphql` answers it (status, error, plugins told), without building it again. */
  const answerContextFailure = async ({ query, variables, operationName }: OperationBody, failure: unknown) => {
    // The body as JSON would carry it: no `operationName` key when there is none.
    const body = operationName === undefined ? { query, variables } : { query, variables, operationName };
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: "POST", headers: new HeaderMap([["content-type", "application/json"]]), search: "", body },
      context: () => Promise.reject(failure),
    });
    if (answer.body.kind !== "complete") throw new Error("Incremental delivery is not used between gateway and subgraphs");
    return { status: answer.status ?? 200, body: JSON.parse(answer.body.string) as unknown };
  };
  return {
    ...running,
    executeInProcess(body, request) {
      const marked = { counted: false };
      return rateCountedRequests.run(marked, async () => {
        const answer = await executeOne(body, request);
        return marked.counted ? { ...answer, rateCounted: true } : answer;
      });
    },
    async close() {
      closed = true;
      await running.close();
      await apollo.stop();
    },
  };

  async function executeOne(body: OperationBody, request: SubgraphRequest): Promise<{ status: number; body: unknown }> {
    if (closed) throw new Error(`The ${options.name} subgraph is closed`);
    let contextValue: Context;
    try {
      contextValue = await contextFor(request);
    } catch (failure) {
      return answerContextFailure(body, failure);
    }
    let answer: Awaited<ReturnType<typeof apollo.executeOperation>>;
    try {
      // The operation's result as the JSON answer would carry it, without writing and reading it back.
      answer = await apollo.executeOperation(body, { contextValue });
    } catch {
      // A failure of the request's processing itself (Apollo Server has logged it and told its plugins): its 500 over HTTP.
      return { status: 500, body: { errors: [{ message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } }] } };
    }
    if (answer.body.kind !== "single") throw new Error("Incremental delivery is not used between gateway and subgraphs");
    return { status: answer.http.status ?? 200, body: answer.body.singleResult };
  }
}
