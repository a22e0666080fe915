import { CLIENT_ADDRESS_HEADER, SUBSCRIPTION_EVENT_HEADER, type InternalCalls } from "../../lib/auth/internal-calls.js";
import type { GatewayContext } from "../graph.js";

/**
 * The headers the gateway's requests to subgraphs carry for one caller: their credentials untouched,
 * their address signed, and on a subscription's re-execution the signed marker of that operation.
 */
export function callerHeaders(internalCalls: InternalCalls, context: GatewayContext): (operation: { query?: string; variables?: Record<string, unknown> }) => Record<string, string> {
  const { authorization, clientAddress } = context;
  let headers: Record<string, string> | undefined;
  return (operation) => {
    headers ??= {
      ...(authorization ? { authorization } : {}),
      ...(clientAddress ? { [CLIENT_ADDRESS_HEADER]: internalCalls.signAddress(clientAddress) } : {}),
    };
    if (!context.subscriptionEvent) return headers;
    return { ...headers, [SUBSCRIPTION_EVENT_HEADER]: internalCalls.sign({ authorization, query: operation.query, variables: operation.variables }) };
  };
}
