import http from "node:http";
import { text } from "node:stream/consumers";
import type { Request } from "express";
import type { GraphQLResult } from "./gateway-client.js";
import { GatewayUnavailableError, type Caller, type RunOperation } from "./gateway-client.js";
import { RequestRefusedError, type RestRequest, type RestRoute } from "./route-table.js";

/** What an upload route produced: the final operation's result, or a refusal before it. */
export type UploadOutcome = { result: GraphQLResult } | { refused: RequestRefusedError } | { stored: StoreAnswer };

/** The file route's answer when it did not store the upload (too big, expired, the store away: then with `Retry-After`). */
interface StoreAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The caller went away before sending the whole body: nothing is kept, and there is no one to answer. */
export class CallerGoneError extends Error {
  constructor() {
    super("the caller went away before the end of the upload");
  }
}

const callerGone = (req: Request) => req.destroyed && !req.complete;

/** The signed URL on the gateway's own address: the public URL may not be reachable from here. */
function onGateway(uploadUrl: string, gatewayUrl: string): string {
  const target = new URL(uploadUrl);
  return new URL(`${target.pathname}${target.search}`, gatewayUrl).toString();
}

/**
 * Pipes the caller's body to the signed upload URL with Node's own backpressure (no more than a
 * socket's worth in memory at any time) and reads the file route's answer. A caller who goes away
 * mid-body — or went away before the piping began — ends the forwarded upload too, so nothing
 * half-sent is kept.
 */
function streamTo(url: string, req: Request): Promise<StoreAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const length = req.headers["content-length"];
    // A connection of its own: one the file route answered early (too big) may still carry unread
    // bytes, and a later request sent on it would wait for ever. It is kept alive until the answer is
    // read and the body sent (the far end discards what it no longer needs), then closed: with
    // `Connection: close` an early answer closes it while the body is still being sent, and the write
    // error can arrive before the answer does.
    const headers = { "content-type": "application/octet-stream", connection: "keep-alive", ...(length ? { "content-length": length } : {}) };
    let answerRead = false;
    let bodySent = false;
    const closeWhenDone = () => answerRead && bodySent && outgoing.destroy();
    const outgoing = http.request(url, { method: "PUT", headers, agent: false }, (incoming) => {
      answered = true;
      text(incoming).then(
        (raw) => {
          const retryAfter = incoming.headers["retry-after"];
          resolve({ status: incoming.statusCode ?? 502, body: parseJson(raw), ...(retryAfter ? { headers: { "Retry-After": retryAfter } } : {}) });
          answerRead = true;
          closeWhenDone();
        },
        (error: Error) => reject(new GatewayUnavailableError(`upload failed: ${error.message}`)),
      );
    });
    const failed = (reason: string) => {
      if (!answered) reject(callerGone(req) ? new CallerGoneError() : new GatewayUnavailableError(`upload failed: ${reason}`));
    };
    outgoing.on("error", (error) => {
      // The file route may answer before the whole body arrived (too big) and stop reading: its answer stands.
      failed(error.message);
      req.resume();
    });
    outgoing.on("close", () => failed("the file route closed the connection without answering"));
    outgoing.on("finish", () => {
      bodySent = true;
      closeWhenDone();
    });
    const stopIfGone = () => {
      if (!req.complete) outgoing.destroy();
    };
    if (req.destroyed) stopIfGone();
    else req.on("close", stopIfGone);
    req.pipe(outgoing);
  });
}

function parseJson(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : {};
  } catch {
    return {};
  }
}

/**
 * A binary upload route: the header is read before any byte (a bad one creates nothing), the
 * ticket operation gives the signed upload URL, the body is streamed there, then the route's
 * operation runs with the upload's id. Throws `CallerGoneError` when the caller went away mid-body.
 */
export async function runUpload(
  route: RestRoute & { upload: NonNullable<RestRoute["upload"]> },
  req: Request,
  request: RestRequest,
  graph: { gatewayUrl: () => string; runOperation: RunOperation },
  caller: Caller,
): Promise<UploadOutcome> {
  if (!req.is("application/octet-stream")) {
    return { refused: new RequestRefusedError("not_octet_stream", "The body must be the file's raw bytes with Content-Type application/octet-stream") };
  }
  if (callerGone(req)) throw new CallerGoneError();
  let ticketVariables: Record<string, unknown>;
  try {
    ticketVariables = route.upload.ticketVariables(request);
  } catch (error) {
    if (error instanceof RequestRefusedError) return { refused: error };
    throw error;
  }
  const ticketResult = await graph.runOperation({ query: route.upload.ticketOperation, variables: ticketVariables, caller });
  if (ticketResult.errors?.length || !ticketResult.data) return { result: ticketResult };
  const ticket = route.upload.ticket(ticketResult.data);
  const stored = await streamTo(onGateway(ticket.uploadUrl, graph.gatewayUrl()), req);
  if (stored.status !== 204) return { stored };
  const variables = route.variables?.({ ...request, uploadId: ticket.uploadId }) ?? { uploadId: ticket.uploadId };
  return { result: await graph.runOperation({ query: route.operation, variables, caller }) };
}
