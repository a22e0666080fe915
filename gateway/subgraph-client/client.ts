import { telemetry } from "../../lib/telemetry/hooks.js";
import type { InternalCalls } from "../../lib/auth/internal-calls.js";
import type { RunningSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { GatewayContext } from "../graph.js";
import type { SubgraphCall, SubgraphResponse } from "../execution/run-plan.js";
import { resultOf, subgraphUnavailable } from "./answers.js";
import { callerHeaders } from "./headers.js";
import { HttpSubgraph } from "./http-subgraph.js";
import { InflightFetches, markRateCounted } from "./inflight.js";

/** A fetch that reads (a query): only these are shared; a mutation is always sent as asked. */
const READS = /^\s*(?:query\b|\{)/;

/** A subgraph served by this very process: its operations run without an HTTP round trip. */
export type InProcessSubgraph = Pick<RunningSubgraph, "executeInProcess" | "url">;

/**
 * The lean executor's subgraph client: for each request, each subgraph is reached in process when this
 * process serves it, else over a keep-alive pool with the caller's headers.
 */
export class SubgraphClient {
  private readonly pools = new Map<string, HttpSubgraph>();
  /** Identical queries in flight at once, shared (GATEWAY_DEDUPLICATE); undefined when every fetch is sent. */
  readonly inflight: InflightFetches | undefined;

  private readonly internalCalls: InternalCalls;
  private readonly urlOf: (serviceName: string) => string | undefined;
  private readonly inProcess: Record<string, InProcessSubgraph>;

  constructor(
    internalCalls: InternalCalls,
    urlOf: (serviceName: string) => string | undefined,
    inProcess: Record<string, InProcessSubgraph> = {},
    { deduplicate = true }: { deduplicate?: boolean } = {},
  ) {
    this.internalCalls = internalCalls;
    this.urlOf = urlOf;
    this.inProcess = inProcess;
    this.inflight = deduplicate ? new InflightFetches() : undefined;
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

  /**
   * The calls of one request made with `context`. A query asked again while the same one is in flight —
   * same subgraph, operation and variables, same credentials, client address and kind of call, so the
   * same answer — waits for that one's answer instead of being sent, unless the credentials may have
   * stopped being good since it was sent (`InflightFetches`).
   */
  for(context: GatewayContext): SubgraphCall {
    const { authorization, clientAddress } = context;
    const subscriptionEvent = context.subscriptionEvent === true;
    const headers = callerHeaders(this.internalCalls, context);
    const inflight = this.inflight;
    const caller = inflight && `${authorization ?? ""}\n${clientAddress ?? ""}\n${subscriptionEvent ? "event" : "request"}\n`;
    return (serviceName, body) => {
      const local = this.inProcess[serviceName];
      const shared = inflight && READS.test(body.query);
      if (!local) {
        const http = this.overHttp(serviceName);
        if (!shared) return http.send(body, headers(body));
        const text = JSON.stringify(body);
        return inflight.run(`${serviceName}\n${caller}${text}`, () => http.send(body, headers(body), text), authorization);
      }
      const execute = () => local.executeInProcess(body, { authorization, clientAddress: clientAddress ?? "127.0.0.1", subscriptionEvent });
      const answer = () => answerOf(serviceName, local, telemetry.inProcessSubgraph ? () => telemetry.inProcessSubgraph!(serviceName, execute) : execute);
      return shared ? inflight.run(`${serviceName}\n${caller}${JSON.stringify(body)}`, answer, authorization) : answer();
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
  try {
    return markRateCounted(resultOf(`${subgraph.url}/graphql`, answer.status, answer.body), answer.rateCounted);
  } catch (error) {
    throw markRateCounted(error, answer.rateCounted);
  }
}
