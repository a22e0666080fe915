import http from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "../logger.js";
import { listen, type RunningServer } from "../http.js";

/**
 * A small HTTP reverse proxy that spreads requests over equal upstreams (gateways), round robin: plain
 * requests streamed both ways (uploads and downloads of any size never sit in memory), WebSocket upgrades
 * tunnelled, the client named in `X-Forwarded-For` / `-Proto` / `-Host` (the upstreams trust it through
 * `TRUST_PROXY`), the `Host` header kept so pages and redirects name the public origin.
 *
 * An upstream that refuses connections, or whose `/readyz` fails, is left out until it answers again;
 * when none is ready, every one that answers at all is tried (an upstream missing one subgraph still
 * serves the rest). A request without a body is tried once more on another upstream when its connection
 * fails before an answer; one with a body cannot be sent twice and is answered 502.
 */
export interface Balancer {
  /** The request handler for an `http.Server`. */
  request: http.RequestListener;
  /** The `upgrade` handler for the same server (WebSockets). */
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Upstreams as last seen: ready, answering (not ready) or down. */
  states(): Record<string, UpstreamState>;
  /** Stops watching the upstreams and ends the tunnels still open. */
  close(): void;
}

export type UpstreamState = "ready" | "answering" | "down";

export interface BalancerOptions {
  /** Base URLs of the upstreams (`http://127.0.0.1:4100`). */
  upstreams: readonly string[];
  log: Logger;
  /** How often each upstream's `/readyz` is asked (0: never; states then follow connection errors only). */
  watchIntervalMs?: number;
  /** How long an upstream whose connection failed is left out before it is tried again. */
  downForMs?: number;
}

/** Headers of one hop only (RFC 9110 §7.6.1), never forwarded. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "proxy-authorization", "proxy-authenticate"]);

interface Upstream {
  url: URL;
  state: UpstreamState;
  /** Left out until then after a connection failure. */
  downUntil: number;
}

function forwardedHeaders(req: http.IncomingMessage, keepUpgrade: boolean): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  // Headers named in `Connection` are of this hop too.
  const named = new Set(String(req.headers.connection ?? "").toLowerCase().split(",").map((name) => name.trim()));
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? "";
  const before = req.headers["x-forwarded-for"];
  headers["x-forwarded-for"] = before ? `${Array.isArray(before) ? before.join(", ") : before}, ${client}` : client;
  headers["x-forwarded-proto"] ??= "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  if (req.headers.host) headers["x-forwarded-host"] ??= req.headers.host;
  if (keepUpgrade) {
    headers.connection = "upgrade";
    headers.upgrade = req.headers.upgrade;
  }
  return headers;
}

/** An upstream's answer headers for the client: this hop's own left out, repeated ones (Set-Cookie) kept. */
function answerHeaders(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

function bodiless(req: http.IncomingMessage): boolean {
  return req.headers["transfer-encoding"] === undefined && (req.headers["content-length"] === undefined || req.headers["content-length"] === "0");
}

/** The raw bytes of a response head, for a client socket taken over by an upgrade. */
function rawHead(status: number, message: string, rawHeaders: readonly string[]): string {
  let head = `HTTP/1.1 ${status} ${message}\r\n`;
  for (let i = 0; i < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`;
  return `${head}\r\n`;
}

export function createBalancer(options: BalancerOptions): Balancer {
  if (options.upstreams.length === 0) throw new Error("a balancer needs at least one upstream");
  const upstreams: Upstream[] = options.upstreams.map((url) => ({ url: new URL(url), state: "ready", downUntil: 0 }));
  const downForMs = options.downForMs ?? 2_000;
  // Keep-alive connections to the upstreams, closed before theirs would be (lib/http.ts keeps them 65 s).
  const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
  const tunnels = new Set<Duplex>();
  let turn = 0;

  const markDown = (upstream: Upstream, error: Error) => {
    if (upstream.state !== "down") options.log.warn({ upstream: upstream.url.origin, err: error.message }, "upstream unreachable: left out");
    upstream.state = "down";
    upstream.downUntil = Date.now() + downForMs;
  };

  /** The next upstream, round robin: ready ones first, then any that answers, then any not left out, then any at all. */
  const pick = (avoid?: Upstream): Upstream => {
    const now = Date.now();
    const candidates = [
      (u: Upstream) => u.state === "ready" && u.downUntil <= now,
      (u: Upstream) => u.state !== "down" && u.downUntil <= now,
      (u: Upstream) => u.downUntil <= now,
      () => true,
    ];
    for (const fits of candidates) {
      const found = upstreams.filter((u) => fits(u) && u !== avoid);
      if (found.length > 0) return found[turn++ % found.length];
    }
    return upstreams[turn++ % upstreams.length];
  };

  const watch = async (upstream: Upstream) => {
    try {
      const response = await fetch(new URL("/readyz", upstream.url), { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      const state: UpstreamState = response.status === 200 ? "ready" : "answering";
      if (state !== upstream.state) options.log.info({ upstream: upstream.url.origin, state }, "upstream state");
      upstream.state = state;
      upstream.downUntil = 0;
    } catch (error) {
      markDown(upstream, error as Error);
    }
  };
  const interval = options.watchIntervalMs ?? 2_000;
  const watcher = interval > 0 ? setInterval(() => upstreams.forEach((u) => void watch(u)), interval) : undefined;
  watcher?.unref();

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, upstream: Upstream, retried: boolean) => {
    const outgoing = http.request({
      host: upstream.url.hostname,
      port: upstream.url.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, false),
      agent,
    });
    // The body is read only once the connection is up: a refused connection leaves it unread, so the
    // request can still go to another upstream.
    let sending = false;
    const send = () => {
      sending = true;
      if (bodiless(req)) outgoing.end();
      else req.pipe(outgoing);
    };
    outgoing.once("socket", (socket) => (socket.connecting ? socket.once("connect", send) : send()));
    outgoing.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    outgoing.on("error", (error) => {
      if (res.headersSent || res.destroyed) return void res.destroy();
      if (!sending) markDown(upstream, error);
      // Never sent, or sent without a body: safe to send again, once (a kept-alive connection the upstream had just closed, an upstream gone).
      if (!retried && (!sending || bodiless(req))) return forward(req, res, sending ? upstream : pick(upstream), true);
      res.writeHead(502, { "content-type": "application/json", "retry-after": "1", connection: "close" });
      res.end(JSON.stringify({ error: "The service is unreachable: try again shortly" }));
    });
    // The client went away: the upstream request goes too.
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
  };

  return {
    request(req, res) {
      forward(req, res, pick(), false);
    },
    upgrade(req, socket, head) {
      const upstream = pick();
      socket.on("error", () => socket.destroy());
      const outgoing = http.request({
        host: upstream.url.hostname,
        port: upstream.url.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, true),
        agent: false,
      });
      outgoing.on("upgrade", (answer, upstreamSocket, upstreamHead) => {
        socket.write(rawHead(101, answer.statusMessage ?? "Switching Protocols", answer.rawHeaders));
        if (upstreamHead.length > 0) socket.write(upstreamHead);
        if (head.length > 0) upstreamSocket.write(head);
        tunnels.add(socket);
        tunnels.add(upstreamSocket);
        const end = () => {
          tunnels.delete(socket);
          tunnels.delete(upstreamSocket);
          socket.destroy();
          upstreamSocket.destroy();
        };
        upstreamSocket.on("error", end).on("close", end);
        socket.on("close", end);
        upstreamSocket.pipe(socket).pipe(upstreamSocket);
      });
      outgoing.on("response", (answer) => {
        // Refused (401, 400…): the upstream's answer as it gave it, then the connection ends.
        socket.write(rawHead(answer.statusCode ?? 502, answer.statusMessage ?? "", [...answerHeaders(answer.rawHeaders), "Connection", "close"]));
        answer.pipe(socket);
      });
      outgoing.on("error", (error) => {
        if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") markDown(upstream, error);
        socket.end("HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      });
      outgoing.end();
    },
    states: () => Object.fromEntries(upstreams.map((u) => [u.url.origin, u.state])),
    close() {
      if (watcher) clearInterval(watcher);
      for (const socket of tunnels) socket.destroy();
      agent.destroy();
    },
  };
}

/** A balancer listening on `port` (0: any free one): a `RunningServer` that drains like every other on SIGTERM, tunnels ended last. */
export async function serveBalanced(port: number, host: string, options: BalancerOptions): Promise<RunningServer & { balancer: Balancer }> {
  const balancer = createBalancer(options);
  const running = await listen(balancer.request, port, host);
  running.server.on("upgrade", (req, socket, head) => balancer.upgrade(req, socket, head));
  return {
    ...running,
    balancer,
    async close() {
      await running.close();
      balancer.close();
    },
  };
}
