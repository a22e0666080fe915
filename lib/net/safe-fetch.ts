import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/** Why a URL could not be fetched; the message is safe to show the caller. */
export class FetchRefusedError extends Error {}

/** The body grew past the limit for its type. */
export class FetchTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`The file is larger than ${Math.floor(limit / (1024 * 1024))} MB`);
    this.limit = limit;
  }
}

export interface SafeFetchOptions {
  timeoutMs: number;
  /** Largest body accepted, decided from the response's content type. */
  maxBytes(contentType: string): number;
  /** Private, loopback and link-local addresses allowed (local use and tests only). */
  allowPrivate: boolean;
  maxRedirects?: number;
}

export interface FetchedBody {
  /** Read once, as it arrives (within the fetch's time limit); past the size limit it throws `FetchTooLargeError`. */
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  url: string;
}

/**
 * IPv6 ranges ipaddr.js calls unicast that may still reach inside: IPv4-compatible addresses (`::7f00:1`
 * is what URL parsing makes of `[::127.0.0.1]`), site-local, and local-use NAT64.
 */
const INWARD_IPV6 = ["::/96", "fec0::/10", "64:ff9b:1::/48"].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Only public unicast addresses: no loopback, private, link-local, CGNAT, multicast or reserved ranges. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv6" && INWARD_IPV6.some((range) => (parsed as ipaddr.IPv6).match(range))) return false;
  return parsed.range() === "unicast";
}

/** A DNS lookup that refuses non-public answers: checked on the address actually connected to (no rebinding). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => !allowPrivate && !isPublicAddress(entry.address));
      if (refused) return callback(new FetchRefusedError(`The URL points to a non-public address (${refused.address})`), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefusedError(`Only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError("URLs with credentials cannot be fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !allowPrivate && !isPublicAddress(host)) throw new FetchRefusedError(`The URL points to a non-public address (${host})`);
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, { lookup: guardedLookup(options.allowPrivate), signal, headers: { accept: "image/*,video/*;q=0.9,*/*;q=0.5" } }, resolve);
    outgoing.on("error", reject);
  });
}

const tooSlow = (timeoutMs: number) => `The URL did not answer within ${Math.round(timeoutMs / 1000)} seconds`;

/** The response body as it arrives; past `limit` bytes (declared or counted) it ends with `FetchTooLargeError`. */
async function* limitedBody(response: IncomingMessage, limit: number, signal: AbortSignal, timeoutMs: number): AsyncGenerator<Uint8Array> {
  const declared = Number(response.headers["content-length"]);
  try {
    if (Number.isFinite(declared) && declared > limit) throw new FetchTooLargeError(limit);
    let total = 0;
    for await (const chunk of response) {
      total += (chunk as Buffer).length;
      if (total > limit) throw new FetchTooLargeError(limit);
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof FetchTooLargeError) throw error;
    throw new FetchRefusedError(signal.aborted ? tooSlow(timeoutMs) : `The URL's answer broke off (${(error as Error).message})`);
  } finally {
    response.destroy();
  }
}

/**
 * GETs a URL from the public internet only: http(s), every redirect target re-checked (at most
 * `maxRedirects`), every resolved address public, one time limit for the whole fetch, a size limit.
 */
export async function fetchPublicUrl(raw: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError("The URL is not valid");
  }
  try {
    for (let redirects = 0; ; redirects++) {
      checkTarget(url, options.allowPrivate);
      const response = await request(url, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= (options.maxRedirects ?? 3)) throw new FetchRefusedError("The URL redirected too many times");
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new FetchRefusedError(`The URL answered HTTP ${status}`);
      }
      const contentType = String(response.headers["content-type"] ?? "application/octet-stream");
      return { body: limitedBody(response, options.maxBytes(contentType), signal, options.timeoutMs), contentType, url: url.toString() };
    }
  } catch (error) {
    if (error instanceof FetchRefusedError || error instanceof FetchTooLargeError) throw error;
    if (signal.aborted) throw new FetchRefusedError(tooSlow(options.timeoutMs));
    const cause = (error as NodeJS.ErrnoException).cause;
    if (cause instanceof FetchRefusedError) throw cause;
    throw new FetchRefusedError(`The URL could not be fetched (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** Checks a URL the platform will later call (a webhook): the fetch rules, https only when `httpsOnly`, and every address it resolves to now public. */
export async function checkPublicUrl(raw: string, options: { allowPrivate: boolean; httpsOnly: boolean }): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError("The URL is not valid");
  }
  if (options.httpsOnly && url.protocol !== "https:") throw new FetchRefusedError("Only https URLs are accepted");
  checkTarget(url, options.allowPrivate);
  await new Promise<void>((resolve, reject) =>
    guardedLookup(options.allowPrivate)(url.hostname.replace(/^\[|\]$/g, ""), { all: true }, (error) =>
      error ? reject(error instanceof FetchRefusedError ? error : new FetchRefusedError(`The URL's host does not resolve (${(error as NodeJS.ErrnoException).code ?? error.message})`)) : resolve(),
    ),
  );
  return url;
}

/** What a POST came back with: the status, or why none came. */
export interface PostOutcome {
  status: number | null;
  durationMs: number;
  error?: string;
}

/**
 * POSTs `body` under the fetch rules (addresses checked on connect, one time limit); redirects are not
 * followed (the 3xx status is the outcome). At most 4 KiB of the answer is read.
 */
export async function postToPublicUrl(raw: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const url = new URL(raw);
    checkTarget(url, options.allowPrivate);
    const client = url.protocol === "https:" ? https : http;
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = client.request(
        url,
        { method: "POST", lookup: guardedLookup(options.allowPrivate), signal, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
        (response) => {
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            if (read > 4096) response.destroy();
          });
          response.on("close", () => resolve(response.statusCode ?? 0));
          response.on("error", () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
    return { status, durationMs: elapsed() };
  } catch (error) {
    if (signal.aborted) return { status: null, durationMs: elapsed(), error: tooSlow(options.timeoutMs) };
    const cause = (error as NodeJS.ErrnoException).cause;
    const reason = error instanceof FetchRefusedError ? error.message : cause instanceof FetchRefusedError ? cause.message : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    return { status: null, durationMs: elapsed(), error: reason };
  }
}
