import { RemoteGraphQLDataSource } from "@apollo/gateway";
import type { InternalCalls } from "../../lib/auth/internal-calls.js";
import type { GatewayContext } from "../graph.js";
import { isPassedOnOutage, subgraphUnavailable } from "./answers.js";
import { callerHeaders } from "./headers.js";

type Fetcher = RemoteGraphQLDataSource["fetcher"];

/** The gateway's own HTTP client for subgraph requests (keep-alive, as without a fetcher of ours). */
const defaultFetcher = new RemoteGraphQLDataSource({ url: "http://127.0.0.1/" }).fetcher;

/**
 * The gateway's requests to one subgraph: a subgraph that cannot be reached (process down, refused,
 * reset) becomes a SERVICE_UNAVAILABLE error on the fields it serves, so the rest of the operation
 * still answers; a subgraph's own 503 (its database is away) is passed on as the GraphQL error it is.
 */
function faultAwareFetcher(serviceName: string, base: Fetcher): Fetcher {
  return async (url, init) => {
    let response: Awaited<ReturnType<Fetcher>>;
    try {
      response = await base(url, init);
    } catch (error) {
      if ((init?.signal as AbortSignal | undefined)?.aborted) throw error;
      throw subgraphUnavailable(serviceName);
    }
    if (!isPassedOnOutage(response.status)) return response;
    if (!response.headers.get("content-type")?.includes("json")) throw subgraphUnavailable(serviceName);
    // A GraphQL answer carrying its own SERVICE_UNAVAILABLE error: read as a result so its code, status and Retry-After survive.
    return new Response(await response.text(), { status: 200, headers: { "content-type": "application/json" } });
  };
}

/**
 * How @apollo/gateway's own executor reaches a subgraph (the stock executor, and what the lean one
 * hands it): its RemoteGraphQLDataSource, with the caller's headers and outages answered as the
 * lean executor's client answers them.
 */
export function stockDataSource(serviceName: string, url: string | undefined, internalCalls: InternalCalls): RemoteGraphQLDataSource<GatewayContext> {
  return new RemoteGraphQLDataSource<GatewayContext>({
    url,
    fetcher: faultAwareFetcher(serviceName, defaultFetcher),
    willSendRequest({ request, context }) {
      for (const [name, value] of Object.entries(callerHeaders(internalCalls, context as GatewayContext)(request))) request.http?.headers.set(name, value);
    },
  });
}
