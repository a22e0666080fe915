import { telemetry } from "../../lib/telemetry/hooks.js";
import type { InternalCalls } from "../../lib/auth/internal-calls.js";
import type { RunningSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { GatewayContext } from "../graph.js";
import type { SubgraphCall, SubgraphResponse } from "../execution/run-plan.js";
import { resultOf, subgraphUnavailable } from "./answers.js";
import { callerHeaders } from "./headers.js";
import { HttpSubgraph } from "./http-subgraph.js";

/** A subgraph served by this very process: its operations run without an HTTP round trip. */
export type InProcessSubgraph = Pick<RunningSubgraph, "executeInProcess" | "url">;

/**
 * The lean executor's subgraph client: for each request, each subgraph is reached in process when this
 * process serves it, else over a keep-alive pool with the caller's headers.
 */
export class SubgraphClient {
  private readonly pools = new Map<string, HttpSubgraph>();

  private readonly internalCalls: InternalCalls;
  private readonly urlOf: (serviceName: string) => string | undefined;
  private readonly inProcess: Record<string, InProcessSubgraph>;

  constructor(
    internalCalls: InternalCalls,
    urlOf: (serviceName: string) => string | undefined,
    inProcess: Record<string, InProcessSubgraph> = {},
  ) {
    this.internalCalls = internalCalls;
    this.urlOf = urlOf;
    this.inProcess = inProcess;
  }

  private overHttp(serviceName: string): HttpSubgraph {
    let pool = this.pools.get(serviceName);
    if (!pool) {
      const url = this.urlOf(serviceName);
      if (!url) throw new Error(`Couldn't find service with name "${serviceName}"`);
      pool = new HttpSubgraph(serviceName, url);
      this.pools.set(serviceName, pool);
    }
    return pool;
  }

  /** The calls of one request made with `context`. */
  for(context: GatewayContext): SubgraphCall {
    const { authorization, clientAddress } = context;
    const subscriptionEvent = context.subscriptionEvent === true;
    const headers = callerHeaders(this.internalCalls, context);
    return (serviceName, body) => {
      const local = this.inProcess[serviceName];
      if (!local) return this.overHttp(serviceName).send(body, headers(body));
      const execute = () => local.executeInProcess(body, { authorization, clientAddress: clientAddress ?? "127.0.0.1", subscriptionEvent });
      return answerOf(serviceName, local, telemetry.inProcessSubgraph ? () => telemetry.inProcessSubgraph!(serviceName, execute) : execute);
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }
}

/** An in-process answer, taken as an HTTP one would be. */
async function answerOf(serviceName: string, subgraph: InProcessSubgraph, execute: () => ReturnType<InProcessSubgraph["executeInProcess"]>): Promise<SubgraphResponse> {
  let answer: Awaited<ReturnType<InProcessSubgraph["executeInProcess"]>>;
  try {
    answer = await execute();
  } catch {
    // Closed (or failing before it could answer): as a subgraph whose port stopped answering.
    throw subgraphUnavailable(serviceName);
  }
  return resultOf(`${subgraph.url}/graphql`, answer.status, answer.body);
}
