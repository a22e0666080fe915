import type http from "node:http";
import type { Duplex } from "node:stream";
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from "graphql-ws";
import type { WebSocket, WebSocketServer } from "ws";
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
  sockets.on("connection", (socket, request) => {
    const refuse = (error: unknown) => {
      log.error({ err: error }, "a WebSocket connection failed");
      socket.close(CloseCode.InternalServerError, "Internal server error");
    };
    socket.once("error", refuse);
    writeTogetherEachTurn(socket, request.socket);
    let answered = true;
    const keepAlive = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, keepAliveMs);
    socket.on("pong", () => (answered = true));
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => new Promise<void>((resolve, reject) => (socket.readyState === socket.OPEN ? socket.send(data, (error) => (error ? reject(error) : resolve())) : resolve())),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) => socket.on("message", (data) => void handle(String(data)).catch(refuse)),
      },
      { socket, request } as Extra,
    );
    socket.once("close", (code, reason) => {
      clearInterval(keepAlive);
      void closed(code, String(reason));
    });
  });
  return {
    async dispose() {
      for (const client of sockets.clients) client.close(1001, "Going away");
      sockets.removeAllListeners("connection");
    },
  };
}

/** Messages a socket sends in one turn of the event loop, written together when the turn ends. */
function writeTogetherEachTurn(socket: WebSocket, transport: Duplex): void {
  const send = socket.send.bind(socket);
  let corked = false;
  socket.send = ((...args: Parameters<WebSocket["send"]>) => {
    if (!corked) {
      corked = true;
      transport.cork();
      setImmediate(() => {
        corked = false;
        transport.uncork();
      });
    }
    return send(...args);
  }) as WebSocket["send"];
}
