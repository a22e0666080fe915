import type http from "node:http";
import type { Duplex } from "node:stream";
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from "graphql-ws";
import { WebSocket, type WebSocketServer } from "ws";
import type { Logger } from "../../lib/logger.js";

/** A ping every this often; a connection that has not answered the last one by the next is dropped. */
const KEEP_ALIVE_MS = 12_000;

/** What each connection's graphql-ws context carries, as graphql-ws's own `ws` binding gives it. */
export interface SocketExtra {
  socket: WebSocket;
  request?: http.IncomingMessage;
}

/**
 * The graphql-ws protocol over the `ws` server's connections: what graphql-ws's `useServer` does, with
 * two differences that matter with ten thousand subscriptions.
 * - A message is handed on as text and its socket buffer let go: graphql-ws handles a subscribe
 *   message for as long as the subscription lives, and `useServer`'s handler keeps the buffer meanwhile.
 * - What a connection sends in one turn of the event loop leaves in one write: a burst of events
 *   reaching a hundred subscriptions of one connection costs one system call, not a hundred.
 */
export function bindGraphqlWs<Extra extends SocketExtra>(
  options: ServerOptions<Record<string, unknown> | undefined, Extra>,
  sockets: WebSocketServer,
  log: Logger,
  keepAliveMs = KEEP_ALIVE_MS,
): { dispose(): Promise<void> } {
  const server = makeServer<Record<string, unknown> | undefined, Extra>(options);
  sockets.options.handleProtocols = handleProtocols;
  // One timer for every connection: each is pinged, and dropped when it has not answered the previous ping.
  const keepAlive = setInterval(() => {
    for (const socket of sockets.clients as Set<KeptSocket>) {
      if (socket[UNANSWERED]) socket.terminate();
      else {
        socket[UNANSWERED] = true;
        socket.ping();
      }
    }
  }, keepAliveMs);
  keepAlive.unref();
  sockets.on("close", () => clearInterval(keepAlive));
  sockets.on("connection", (socket: KeptSocket, request) => {
    const refuse = (error: unknown) => {
      log.error({ err: error }, "a WebSocket connection failed");
      socket.close(CloseCode.InternalServerError, "Internal server error");
    };
    socket.once("error", refuse);
    socket.on("pong", answered);
    socket[TRANSPORT] = request.socket;
    socket.send = sendTogether as WebSocket["send"];
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => new Promise<void>((resolve, reject) => (socket.readyState === socket.OPEN ? socket.send(data, (error) => (error ? reject(error) : resolve())) : resolve())),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) => socket.on("message", (data) => void handle(String(data)).catch(refuse)),
      },
      { socket, request } as unknown as Extra,
    );
    socket.once("close", (code, reason) => void closed(code, String(reason)));
  });
  return {
    async dispose() {
      clearInterval(keepAlive);
      for (const client of sockets.clients) client.close(1001, "Going away");
      sockets.removeAllListeners("connection");
    },
  };
}

const TRANSPORT = Symbol("transport");
const CORKED = Symbol("corked");
const UNANSWERED = Symbol("unanswered ping");

/** A connection's state, on the socket itself: shared functions instead of closures per connection (each editor has one). */
interface KeptSocket extends WebSocket {
  [TRANSPORT]: Duplex;
  [CORKED]?: boolean;
  [UNANSWERED]?: boolean;
}

function answered(this: WebSocket): void {
  (this as KeptSocket)[UNANSWERED] = false;
}

/** `send`, corking the connection until the turn of the event loop ends: what it sends meanwhile is written together. */
function sendTogether(this: KeptSocket, ...args: unknown[]): void {
  if (!this[CORKED]) {
    this[CORKED] = true;
    this[TRANSPORT].cork();
    setImmediate(uncork, this);
  }
  (WebSocket.prototype.send as (...args: unknown[]) => void).apply(this, args);
}

function uncork(socket: KeptSocket): void {
  socket[CORKED] = false;
  socket[TRANSPORT].uncork();
}
