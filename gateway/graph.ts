import { ApolloServer } from "@apollo/server";
import { ApolloGateway } from "@apollo/gateway";
import type { GraphQLSchema } from "graphql";
import { markOneOfInputs, oneOfInputNames } from "./one-of-inputs.js";
import { introspectionFirst } from "./execution/introspection.js";
import { answeredByDeclaringSubgraph } from "./subscriptions/answer-source.js";
import type { Config } from "../lib/config.js";
import { executedOperationsAnswer200 } from "../lib/errors.js";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import { ROLES_CHANGED } from "../lib/auth/current-roles.js";
import { DESIGN_TOKEN_REVOCATIONS } from "../lib/auth/token-revocations.js";
import { OperationRules } from "../lib/graphql/operation-rules.js";
import { refuseUnstorableText } from "../lib/graphql/storable-text.js";
import type { Logger } from "../lib/logger.js";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import type { Bus } from "../lib/pubsub.js";
import { reportLiveSubscriptions } from "../lib/metrics/gauges.js";
import { operationMetricsPlugin } from "../lib/metrics/graphql-plugin.js";
import { composeSupergraph } from "./compose.js";
import { LeanExecutor } from "./execution/lean-executor.js";
import { SubgraphClient, type InProcessSubgraph } from "./subgraph-client/client.js";
import { stockDataSource } from "./subgraph-client/stock-data-source.js";
import { DeclaredSubscriptions, type ExecuteThroughGateway } from "./subscriptions/declared-subscriptions.js";
import { httpOperationRefusals } from "./subscriptions/http-refusal.js";

/** What the gateway knows of a request: the caller's credentials, forwarded untouched to subgraphs. */
export interface GatewayContext {
  authorization: string | undefined;
  /** The caller's network address, passed on signed so subgraphs can limit per client address. */
  clientAddress?: string;
  /** A subscription's re-execution after a job event (not a request of the caller's own). */
  subscriptionEvent?: boolean;
  /** Parse, validate and plan only (subscriptions preparing a merged operation): no subgraph fetch runs. */
  planOnly?: boolean;
}

export interface GraphOptions {
  config: Pick<Config, "production" | "introspection" | "operationLimits" | "gatewayExecutor" | "gatewayDeduplicate" | "metrics" | "subscriptionTokenCheckMs">;
  log: Logger;
  /** The domains the graph is composed of (their schemas and declared subscriptions), and where each subgraph is. */
  domains: readonly DomainManifest[];
  subgraphUrls: Record<string, string>;
  /** A supergraph composed elsewhere (`SUPERGRAPH_FILE`); without it the domains' schemas are composed. */
  supergraphSdl?: string;
  /** Domain events, for subscriptions (Redis in scale-out, so every replica sees every worker's events). */
  bus: Bus;
  /** Signs what subgraphs accept only from the gateway: callers' addresses, subscription-event markers. */
  internalCalls: InternalCalls;
  /** Subgraphs this process serves itself (one-process mode): their operations run without HTTP. */
  inProcessSubgraphs?: Record<string, InProcessSubgraph>;
}

/** The federated graph, ready to execute; what serves it over HTTP and graphql-ws is `server.ts`. */
export interface Graph {
  apollo: ApolloServer<GatewayContext>;
  supergraphSdl: string;
  /** The API schema of the supergraph loaded last (what graphql-ws validates against). */
  apiSchema(): GraphQLSchema | undefined;
  /** Runs an operation for a caller in this process: the same pipeline as `POST /graphql`, no HTTP. */
  execute: ExecuteThroughGateway;
  /** The operation limits both HTTP and graphql-ws answer by. */
  rules: OperationRules;
  subscriptions: DeclaredSubscriptions;
  /** Ends the declared subscriptions (after the sockets following them closed). */
  stopSubscriptions(): Promise<void>;
  /** Stops Apollo and the subgraph client (after the HTTP server closed). */
  close(): Promise<void>;
}

/**
 * Apollo Gateway over the composed supergraph, executed by the lean executor (`GATEWAY_EXECUTOR=lean`)
 * or @apollo/gateway's own, and the declared subscriptions following the bus.
 */
export async function buildGraph(options: GraphOptions): Promise<Graph> {
  let apiSchema: GraphQLSchema | undefined;
  const supergraphSdl = options.supergraphSdl ?? (await composeSupergraph(options.domains, options.subgraphUrls));
  const gateway = new ApolloGateway({ supergraphSdl, buildService: ({ name, url }) => stockDataSource(name, url, options.internalCalls) });
  const rules = new OperationRules(options.config, options.config.operationLimits, options.log);
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    // The process's boot stops every part in order on SIGINT / SIGTERM (one handler, not one per server).
    stopOnTerminationSignals: false,
    ...rules.apolloOptions([
      executedOperationsAnswer200,
      httpOperationRefusals,
      // Text the database cannot store (NUL, unpaired surrogates), refused once here for every domain.
      refuseUnstorableText,
      ...(options.config.metrics.enabled ? [operationMetricsPlugin] : []),
    ]),
  });
  const client = new SubgraphClient(options.internalCalls, (name) => options.subgraphUrls[name], options.inProcessSubgraphs, { deduplicate: options.config.gatewayDeduplicate });
  const stopHearingCredentials = await forgetFlightsOnCredentialChanges(client, options.bus);
  const lean = options.config.gatewayExecutor === "lean" ? new LeanExecutor((requestContext) => client.for(requestContext.context as GatewayContext)) : undefined;
  const oneOfInputs = oneOfInputNames(options.domains.map((domain) => domain.typeDefs));
  gateway.onSchemaLoadOrUpdate(({ apiSchema: loaded, coreSupergraphSdl }) => {
    markOneOfInputs(loaded, oneOfInputs);
    apiSchema = loaded;
    lean?.load(coreSupergraphSdl);
  });
  // Apollo Server takes the executor when it loads the gateway (in `start`).
  const run = introspectionFirst(lean ? lean.executor(gateway.executor!) : gateway.executor!);
  gateway.executor = async (requestContext) => {
    if ((requestContext.context as GatewayContext).planOnly !== true) return run(requestContext);
    // Parsed and validated by Apollo Server by now: planned here, and nothing run (the stock executor cannot plan alone).
    lean?.plan(requestContext);
    return { data: null };
  };
  await apollo.start();
  const execute: ExecuteThroughGateway = async ({ query, variables, operationName, authorization, clientAddress, subscriptionEvent, planOnly }) => {
    const contextValue: GatewayContext = { authorization, clientAddress, subscriptionEvent, ...(planOnly ? { planOnly } : {}) };
    const response = await apollo.executeOperation({ query, variables, operationName: operationName ?? undefined }, { contextValue });
    if (response.body.kind !== "single") throw new Error("incremental delivery is not used here");
    return response.body.singleResult;
  };
  const declarations = options.domains.flatMap((domain) => domain.subscriptions ?? []);
  const shareable = answeredByDeclaringSubgraph(supergraphSdl, options.domains);
  const subscriptions = new DeclaredSubscriptions(execute, options.bus, options.log, declarations, options.config.subscriptionTokenCheckMs, shareable, options.config.operationLimits);
  await subscriptions.start();
  const stopReportingSubscriptions = reportLiveSubscriptions(() => subscriptions.activeSubscriptions);
  return {
    apollo,
    supergraphSdl,
    apiSchema: () => apiSchema,
    execute,
    rules,
    subscriptions,
    async stopSubscriptions() {
      stopReportingSubscriptions();
      await subscriptions.stop();
    },
    async close() {
      await stopHearingCredentials();
      await apollo.stop();
      await client.close();
    },
  };
}

/**
 * A shared fetch in flight is joined only by a caller whose token is still good: every revocation of a
 * design token, every change of a business user's roles, and a bus back from an outage (news may be
 * lost) make the fetches then in flight unjoinable (`InflightFetches.credentialsChanged`).
 */
async function forgetFlightsOnCredentialChanges(client: SubgraphClient, bus: Bus): Promise<() => Promise<void>> {
  const inflight = client.inflight;
  if (!inflight) return async () => undefined;
  const changed = () => inflight.credentialsChanged();
  bus.onReconnect(changed);
  const unsubscribes = await Promise.all([DESIGN_TOKEN_REVOCATIONS, ROLES_CHANGED].map((topic) => bus.subscribe(topic, changed)));
  return async () => {
    for (const unsubscribe of unsubscribes) await unsubscribe();
  };
}
