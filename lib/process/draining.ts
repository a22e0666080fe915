import type http from "node:http";
import { CLIENT_ADDRESS_HEADER } from "../auth/internal-calls.js";

/**
 * A stopping process first drains: new requests from outside are answered 503 (`Connection: close`,
 * `Retry-After`) while those in flight finish, for at most `graceMs` from the signal. Calls between the
 * process's own parts (the REST adapter to the gateway, signed with the caller's address) still pass,
 * so a request in flight can finish its work.
 */
export const serverShutdown = { graceMs: 0, drainingSince: undefined as number | undefined };

export function startDraining(graceMs: number): void {
  serverShutdown.graceMs = graceMs;
  serverShutdown.drainingSince ??= Date.now();
}

const RETRY_AFTER_SECONDS = 5;
const MESSAGE = "The service is restarting: try again shortly";

/** The answer to a request that arrives while draining, in the shape its path's clients read. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? "/";
  const body = path.startsWith("/graphql")
    ? { errors: [{ message: MESSAGE, extensions: { code: "SERVICE_UNAVAILABLE", http: { status: 503 } } }] }
    : /^\/(v1|rest\/v1|auth\/v1)\//.test(path)
      ? { code: "service_unavailable", message: MESSAGE }
      : { error: MESSAGE };
  res.writeHead(503, { "content-type": "application/json", connection: "close", "retry-after": String(RETRY_AFTER_SECONDS) });
  res.end(JSON.stringify(body));
}

/** Wraps a server's request handler: refuses outside requests while draining, counts those in flight. */
export function drainable(handler: http.RequestListener): { handler: http.RequestListener; inFlight: Set<http.ServerResponse> } {
  const inFlight = new Set<http.ServerResponse>();
  return {
    inFlight,
    handler(req, res) {
      if (serverShutdown.drainingSince !== undefined && req.headers[CLIENT_ADDRESS_HEADER] === undefined) return refuse(req, res);
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
      handler(req, res);
    },
  };
}

/** Waits (at most until the grace from the signal runs out) for the requests in flight, then closes every connection. */
export async function closeGracefully(server: http.Server, inFlight: Set<http.ServerResponse>): Promise<void> {
  // Closing twice (a part stopped early, then the whole) is no error.
  if (!server.listening) return void server.closeAllConnections();
  const deadline = (serverShutdown.drainingSince ?? Date.now()) + serverShutdown.graceMs;
  while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
