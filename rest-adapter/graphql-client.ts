import type { GraphQLFormattedError } from "graphql";

export interface GraphQLResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

export class GatewayUnavailableError extends Error {}

const TIMEOUT_MS = 30_000;

/** Runs one operation against the graph over HTTP, with the caller's own credentials. */
export async function executeOperation(
  gatewayUrl: string,
  request: { query: string; variables: Record<string, unknown>; authorization: string | undefined },
): Promise<GraphQLResult> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (request.authorization) headers.authorization = request.authorization;
  let response: Response;
  try {
    response = await fetch(gatewayUrl, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: request.query, variables: request.variables }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayUnavailableError(`graph unreachable: ${(error as Error).message}`);
  }
  try {
    return (await response.json()) as GraphQLResult;
  } catch {
    throw new GatewayUnavailableError(`graph answered ${response.status} without a GraphQL body`);
  }
}
