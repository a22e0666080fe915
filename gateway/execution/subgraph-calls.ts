import { telemetry } from "../../lib/telemetry/hooks.js";
import { CLIENT_ADDRESS_HEADER, SUBSCRIPTION_EVENT_HEADER, type InternalCalls } from "../../lib/auth/internal-calls.js";
import type { RunningSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { GatewayContext } from "../server.js";
import type { SubgraphCall, SubgraphResponse } from "./run-plan.js";
import { isPassedOnOutage, subgraphUnavailable } from "../subgraph-fetcher.js";
import { errorFromStatus, HttpSubgraph } from "./subgraph-client.js";

/** A subgraph served by this very process: its operations run without an HTTP round trip. */
export type InProcessSubgraph = Pick<RunningSubgraph, "executeInProcess" | "url">;

/**
 * How the gateway reaches each subgraph for one request: in process when this process serves it,
 * else over HTTP with the caller's credentials and the signed markers the data source used to set.
 */
export class SubgraphCalls {
  private readonly clients = new Map<string, HttpSubgraph>();

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

  private client(serviceName: string): HttpSubgraph {
    let client = this.clients.get(serviceName);
    if (!client) {
      const url = this.urlOf(serviceName);
      if (!url) throw new Error(`Couldn't find service with name "${serviceName}"`);
      client = new HttpSubgraph(serviceName, url);
      this.clients.set(serviceName, client);
    }
    return client;
  }

  /** The calls of one request made with `context`. */
  for(context: GatewayContext): SubgraphCall {
    const { authorization, clientAddress } = context;
    const subscriptionEvent = context.subscriptionEvent === true;
    let headers: Record<string, string> | undefined;
    return (serviceName, body) => {
      const local = this.inProcess[serviceName];
      if (local) {
        const execute = () => local.executeInProcess(body, { authorization, clientAddress: clientAddress ?? "127.0.0.1", subscriptionEvent });
        return answerOf(serviceName, local, telemetry.inProcessSubgraph ? () => telemetry.inProcessSubgraph!(serviceName, execute) : execute);
      }
      headers ??= {
        ...(authorization ? { authorization } : {}),
        ...(clientAddress ? { [CLIENT_ADDRESS_HEADER]: this.internalCalls.signAddress(clientAddress) } : {}),
      };
      const sent = subscriptionEvent ? { ...headers, [SUBSCRIPTION_EVENT_HEADER]: this.internalCalls.sign({ authorization, query: body.query, variables: body.variables }) } : headers;
      return this.client(serviceName).send(body, sent);
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.close()));
    this.clients.clear();
  }
}

/** An in-process answer as an HTTP one would be taken: non-2xx statuses become the data source's errors. */
async function answerOf(serviceName: string, subgraph: InProcessSubgraph, execute: () => ReturnType<InProcessSubgraph["executeInProcess"]>): Promise<SubgraphResponse> {
  let answer: Awaited<ReturnType<InProcessSubgraph["executeInProcess"]>>;
  try {
    answer = await execute();
  } catch {
    // Closed (or failing before it could answer): as a subgraph whose port stopped answering.
    throw subgraphUnavailable(serviceName);
  }
  const { status, body } = answer;
  if ((status < 200 || status > 299) && !isPassedOnOutage(status)) throw errorFromStatus(`${subgraph.url}/graphql`, status, body);
  if (typeof body !== "object" || body === null) throw new Error(`Expected JSON response body, but received: ${String(body)}`);
  return body as SubgraphResponse;
}
