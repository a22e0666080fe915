import { hash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import type cors from "cors";
import { CLIENT_ADDRESS_HEADER } from "./auth/internal-calls.js";
import { DATABASE_RETRY_AFTER_SECONDS } from "./db/unavailable.js";
import { isDependencyUnavailable } from "./unavailable.js";
import { closeGracefully, drainable } from "./process/draining.js";

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Base URL on loopback, e.g. `http://127.0.0.1:4000`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Express's weak ETag, byte for byte (`W/"<length in hex>-<SHA-1, base64, 27 characters>"`), from a
 * one-shot digest. Express's own makes a `crypto.createHash` object per answer: a native object whose
 * weak handle every young-generation collection then processes: 0.6 ms of each pause at 3,000 REST
 * answers a second (1.39 → 0.80 ms). `app.set("etag", weakEtag)`.
 */
export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  const bytes = typeof body === "string" && encoding !== undefined && encoding !== "utf8" && encoding !== "utf-8" ? Buffer.from(body, encoding) : body;
  const length = typeof bytes === "string" ? Buffer.byteLength(bytes, "utf8") : bytes.length;
  if (length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${length.toString(16)}-${hash("sha1", bytes, "base64").slice(0, 27)}"`;
}

/** Listens on `port` (0 picks a free one) and resolves once the socket is bound; drains on SIGTERM (lib/process/draining.ts). */
export async function listen(app: Express | http.RequestListener, port: number, host: string): Promise<RunningServer> {
  const { handler, inFlight } = drainable(app as http.RequestListener);
  const server = http.createServer(handler);
  // Longer than clients' idle keep-alive (undici keeps sockets 4 s, proxies often 60 s), so a reused
  // connection is never closed by us just as a request is sent on it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return { server, port: bound, url: `http://127.0.0.1:${bound}`, close: () => closeGracefully(server, inFlight) };
}

/** `GET /healthz` → 200 `ok` (plain text). */
export function healthz(_req: unknown, res: { type(t: string): { send(body: string): void } }): void {
  res.type("text/plain").send("ok");
}

interface JsonResponse {
  headersSent: boolean;
  status(code: number): { json(body: unknown): void };
  set(name: string, value: string): unknown;
}

/**
 * The end of every app's middleware chain: unknown paths answer 404 `{ error }`, and anything
 * unexpected is logged and answered 500 without details.
 */
export function finishJsonApp(
  app: { use(...handlers: unknown[]): unknown },
  log: { error(obj: object, msg: string): void },
): void {
  app.use((_req: unknown, res: JsonResponse) => res.status(404).json({ error: "Not found" }));
  app.use((error: unknown, _req: unknown, res: JsonResponse, _next: unknown) => {
    const status = (error as { status?: unknown })?.status;
    // Refusals of the request itself (a path that does not decode, say) keep their 4xx status.
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (!res.headersSent) res.status(status).json({ error: "Bad request" });
      return;
    }
    if (isDependencyUnavailable(error)) {
      if (!res.headersSent) {
        res.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
        res.status(503).json({ error: "The service is temporarily unavailable: try again shortly" });
      }
      return;
    }
    log.error({ err: error }, "unexpected error");
    if (!res.headersSent) res.status(500).json({ error: "Internal server error" });
  });
}

/** Cross-origin access for the browser front end the deployment names (CORS_ALLOW_ORIGIN), with credentials. */
export function corsOptions(origin: string): cors.CorsOptions {
  return {
    origin,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization", "Apollo-Require-Preflight", "Asset-Upload-Metadata"],
    credentials: true,
  };
}

/**
 * Where a request comes from: the address a trusted hop of this deployment signed for it (the REST
 * adapter to the gateway, the gateway to a subgraph), else what Express makes of the connection
 * (`req.ip`, which honours `X-Forwarded-For` only as far as the app's `trust proxy` allows).
 */
export function callerAddress(
  req: { headers: Record<string, string | string[] | undefined>; ip?: string; socket: { remoteAddress?: string } },
  internalCalls?: { addressFrom(header: unknown): string | undefined },
): string {
  return internalCalls?.addressFrom(req.headers[CLIENT_ADDRESS_HEADER]) ?? req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * `callerAddress` of a request `app` does not route (a WebSocket upgrade): Express's own `req.ip`,
 * read through the app's request prototype so that the app's `trust proxy` applies as to its requests.
 */
export function upgradeCallerAddress(app: Express, req: http.IncomingMessage, internalCalls?: { addressFrom(header: unknown): string | undefined }): string {
  const routed: { ip?: string } = Object.create(app.request, { headers: { value: req.headers }, socket: { value: req.socket } });
  return callerAddress({ headers: req.headers, ip: routed.ip, socket: req.socket }, internalCalls);
}

/** `TRUST_PROXY` as Express takes it: `false`, `true`, a hop count, or addresses / subnets / names (`loopback`). */
export function trustProxyValue(setting: string): boolean | number | string {
  if (setting === "false" || setting === "") return false;
  if (setting === "true") return true;
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}
