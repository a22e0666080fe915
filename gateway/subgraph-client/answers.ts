import { STATUS_CODES } from "node:http";
import { GraphQLError } from "graphql";
import { ServiceUnavailableError } from "../../lib/errors.js";
import type { SubgraphResponse } from "../execution/run-plan.js";

/** What a caller is told to wait before trying a field whose subgraph is away. */
const SUBGRAPH_RETRY_AFTER_SECONDS = 5;

/** The error on the fields of a subgraph that cannot be reached. */
export function subgraphUnavailable(serviceName: string): ServiceUnavailableError {
  return new ServiceUnavailableError(`The ${serviceName} service is unavailable: try again shortly`, { retryAfter: SUBGRAPH_RETRY_AFTER_SECONDS, serviceName });
}

/** Whether a subgraph's status is one a gateway passes on as a GraphQL answer (its own 502–504 with a JSON body). */
export const isPassedOnOutage = (status: number) => status >= 502 && status <= 504;

/** The error a subgraph's non-2xx answer becomes (as in @apollo/gateway's RemoteGraphQLDataSource). */
export function errorFromStatus(url: string, status: number, body: unknown): GraphQLError {
  const statusText = STATUS_CODES[status] ?? "";
  const extensions: Record<string, unknown> = { response: { url, status, statusText, body } };
  if (status === 401) extensions.code = "UNAUTHENTICATED";
  else if (status === 403) extensions.code = "FORBIDDEN";
  return new GraphQLError(`${status}: ${statusText}`, { extensions });
}

/**
 * A subgraph's answer (over HTTP or in process) as @apollo/gateway's data source takes it: a non-2xx
 * status other than a passed-on outage is the error it makes of it, a body that is no JSON object an error.
 */
export function resultOf(url: string, status: number, body: unknown): SubgraphResponse {
  if ((status < 200 || status > 299) && !isPassedOnOutage(status)) throw errorFromStatus(url, status, body);
  if (typeof body !== "object" || body === null) throw new Error(`Expected JSON response body, but received: ${String(body)}`);
  return body as SubgraphResponse;
}
