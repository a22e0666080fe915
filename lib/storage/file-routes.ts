import type { Express, Request, Response } from "express";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/unavailable.js";
import { isDependencyUnavailable } from "../unavailable.js";
import { InvalidBlobKeyError, type RangeRequest } from "./blob-store.js";
import type { FileService } from "./file-service.js";

/** `aborted`: the sender went away before the end of the body (nothing is kept; there is no one to answer). */
export type ReceiveOutcome = "stored" | "too_big" | "unknown" | "used" | "aborted";

/**
 * What a domain does with the bytes sent to one of its upload slots (ids starting with `prefix`).
 * `declaredBytes` is the sender's Content-Length when it gave one: a size past the limit can be
 * refused before a byte of the body is read.
 */
export interface UploadReceiver {
  prefix: string;
  receive(slotId: string, body: Readable, declaredBytes: number | undefined): Promise<ReceiveOutcome>;
}

/** The request's Content-Length, when it has one of the only valid shape. */
function declaredLength(req: Request): number | undefined {
  const length = req.headers["content-length"];
  return length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined;
}

/**
 * The one byte range a `Range` header asks for (`bytes=0-99`, `bytes=100-`, `bytes=-100`). Anything else
 * — several ranges, another unit, a malformed header — is ignored and the whole file served, as HTTP allows.
 */
export function requestedRange(header: string | undefined): RangeRequest | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] === "" ? undefined : Number(match[2]);
  return end !== undefined && end < start ? undefined : { start, end };
}

/** Upload slot ids: a domain's prefix and URL-safe characters, nothing a path could be made of. */
export const UPLOAD_SLOT_ID = /^[A-Za-z0-9_-]{1,128}$/;

const refuse = (res: Response, status: number, code: string, message: string) => void res.status(status).json({ code, message });

/** The blob store (or the database) away: 503 with `Retry-After`, as every route answers it. */
function unavailable(res: Response, error: unknown): void {
  if (!isDependencyUnavailable(error)) throw error;
  if (res.headersSent) return void res.destroy();
  res.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
  refuse(res, 503, "service_unavailable", "The service is temporarily unavailable: try again shortly");
}

function signed(req: Request, res: Response, files: FileService, key: string, purpose: "download" | "upload"): boolean {
  const verdict = files.verify(key, req.query.expires, req.query.signature, purpose);
  if (verdict === "valid") return true;
  refuse(res, 403, "permission_denied", verdict === "expired" ? "The link has expired" : "The link is not valid");
  return false;
}

/**
 * The platform's signed file URLs: downloads (`GET /blobs/<key>`) of any domain's files and uploads
 * (`PUT /uploads/<slot>`) handed to the domain whose slot it is. Reached through the gateway's port.
 */
export function mountFileRoutes(app: Express, files: FileService, receivers: readonly UploadReceiver[]): void {
  app.get("/blobs/*key", async (req, res) => {
    const key = (req.params as { key: string[] }).key.join("/");
    if (!signed(req, res, files, key, "download")) return;
    let blob;
    try {
      blob = await files.get(key, requestedRange(req.headers.range));
    } catch (error) {
      if (error instanceof InvalidBlobKeyError) return refuse(res, 404, "not_found", "The file no longer exists");
      return unavailable(res, error);
    }
    if (!blob) return refuse(res, 404, "not_found", "The file no longer exists");
    res.set({ "content-type": blob.contentType, "accept-ranges": "bytes", "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" });
    if (blob.range === "unsatisfiable") {
      blob.stream.destroy();
      return void res.status(416).set({ "content-type": "application/json; charset=utf-8", "content-range": `bytes */${blob.size}` }).json({ code: "range_not_satisfiable", message: `The file has ${blob.size} bytes` });
    }
    const { start, end } = blob.range ?? { start: 0, end: blob.size - 1 };
    res.status(blob.range ? 206 : 200).set("content-length", String(Math.max(0, end - start + 1)));
    if (blob.range) res.set("content-range", `bytes ${start}-${end}/${blob.size}`);
    // HEAD (answered by this GET route): the headers only; the file is not read through.
    if (req.method === "HEAD") {
      blob.stream.destroy();
      return void res.end();
    }
    // A store that fails mid-file (gone away) ends the response short, which the client sees as an error.
    await pipeline(blob.stream, res).catch(() => res.destroy());
  });

  app.put("/uploads/:slotId", async (req, res) => {
    const { slotId } = req.params;
    if (!UPLOAD_SLOT_ID.test(slotId)) return refuse(res, 404, "not_found", "The upload does not exist or has expired");
    if (!signed(req, res, files, slotId, "upload")) return;
    if (req.is("multipart/*")) return refuse(res, 400, "bad_request_body", "Send the file's raw bytes (application/octet-stream), not a multipart body");
    const receiver = receivers.find((candidate) => slotId.startsWith(candidate.prefix));
    let outcome: ReceiveOutcome;
    try {
      outcome = receiver ? await receiver.receive(slotId, req, declaredLength(req)) : "unknown";
    } catch (error) {
      // The sender is answered now and the rest of the body discarded as it arrives (as past the size limit, below).
      if (!req.complete) req.resume();
      return unavailable(res, error);
    }
    if (outcome === "aborted") return void res.destroy();
    if (outcome === "unknown") return refuse(res, 404, "not_found", "The upload does not exist or has expired");
    if (outcome === "used") return refuse(res, 409, "conflict", "The upload URL was already used");
    // Cut off past the limit: answer now and discard the rest as it arrives. Closing the connection
    // instead would reset it while bytes are unread, and a reset can lose the answer on its way.
    if (!req.complete) req.resume();
    res.status(204).end();
  });
}
