import { CLIENT_ADDRESS_HEADER } from "../lib/auth/internal-calls.js";
import type { GraphQLFormattedError } from "graphql";

export interface GraphQLResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

export class GatewayUnavailableError extends Error {}

const TIMEOUT_MS = 30_000;

/** The REST caller as the graph sees them: their credentials and their address, signed by the adapter. */
export interface Caller {
  authorization: string | undefined;
  /** Their address, for a graph in this process. */
  address: string;
  /** Their address signed for a gateway reached over HTTP. */
  signedAddress: string;
}

export interface OperationRequest {
  query: string;
  variables: Record<string, unknown>;
  caller: Caller;
}

/** Runs one operation against the graph with the caller's own credentials (over HTTP, or in this process beside the gateway). */
export type RunOperation = (request: OperationRequest) => Promise<GraphQLResult>;

/** Operations sent to the gateway at `gatewayUrl` (resolved per request). */
export function overHttp(gatewayUrl: () => string): RunOperation {
  return (request) => executeOperation(gatewayUrl(), request);
}

/** Runs one operation against the graph over HTTP, with the caller's own credentials. */
export async function executeOperation(gatewayUrl: string, request: OperationRequest): Promise<GraphQLResult> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (request.caller.authorization) headers.authorization = request.caller.authorization;
  headers[CLIENT_ADDRESS_HEADER] = request.caller.signedAddress;
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
