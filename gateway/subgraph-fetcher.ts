import type { RemoteGraphQLDataSource } from "@apollo/gateway";
import { ServiceUnavailableError } from "../lib/errors.js";

type Fetcher = RemoteGraphQLDataSource["fetcher"];

/** What a caller is told to wait before trying a field whose subgraph is away. */
const SUBGRAPH_RETRY_AFTER_SECONDS = 5;

/** The error on the fields of a subgraph that cannot be reached. */
export function subgraphUnavailable(serviceName: string): ServiceUnavailableError {
  return new ServiceUnavailableError(`The ${serviceName} service is unavailable: try again shortly`, { retryAfter: SUBGRAPH_RETRY_AFTER_SECONDS, serviceName });
}

/**
 * The gateway's requests to one subgraph: a subgraph that cannot be reached (process down, refused,
 * reset) becomes a SERVICE_UNAVAILABLE error on the fields it serves, so the rest of the operation
 * still answers; a subgraph's own 503 (its database is away) is passed on as the GraphQL error it is.
 */
export function faultAwareFetcher(serviceName: string, base: Fetcher): Fetcher {
  return async (url, init) => {
    let response: Awaited<ReturnType<Fetcher>>;
    try {
      response = await base(url, init);
    } catch (error) {
      if ((init?.signal as AbortSignal | undefined)?.aborted) throw error;
      throw subgraphUnavailable(serviceName);
    }
    if (response.status < 502 || response.status > 504) return response;
    if (!response.headers.get("content-type")?.includes("json")) throw subgraphUnavailable(serviceName);
    // A GraphQL answer carrying its own SERVICE_UNAVAILABLE error: read as a result so its code, status and Retry-After survive.
    return new Response(await response.text(), { status: 200, headers: { "content-type": "application/json" } });
  };
}

/** Whether a subgraph's status is one a gateway passes on as a GraphQL answer (its own 502–504 with a JSON body). */
export const isPassedOnOutage = (status: number) => status >= 502 && status <= 504;
