import http from "node:http";
import type { ErrorRequestHandler, Express, Request, Response } from "express";
import type { Logger } from "../lib/logger.js";
import { assertValidKey, InvalidBlobKeyError } from "../lib/storage/blob-store.js";
import { UPLOAD_SLOT_ID } from "../lib/storage/file-routes.js";

// `range`: downloads of part of a file (a video, a resumed download) are answered by the file route itself.
const FORWARDED_HEADERS = ["content-type", "content-length", "transfer-encoding", "range"];
const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

const notFound = (res: Response) => void res.status(404).json({ code: "not_found", message: "The file does not exist or the link is not valid" });

/** The query's `expires` and `signature` when both have their only possible shape. */
function signatureOf(req: Request): { expires: string; signature: string } | undefined {
  const { expires, signature } = req.query;
  return typeof expires === "string" && EXPIRES.test(expires) && typeof signature === "string" && SIGNATURE.test(signature) ? { expires, signature } : undefined;
}

/**
 * Signed file downloads and uploads are answered by the platform's file routes (on the subgraph that
 * hosts them); the gateway's port passes them through as streams, in both directions, and ends the
 * forwarded request when its caller goes away. The internal URL is rebuilt from the
 * validated key, `expires` and `signature` alone — never from the request's own path — so no encoded
 * `..` or other trick can reach anything but a file route.
 */
export function mountBlobProxy(app: Express, target: () => string | undefined, log: Logger): void {
  const forward = (req: Request, res: Response, path: string, signed: { expires: string; signature: string }) => {
    const base = target();
    if (!base) return notFound(res);
    const url = new URL(`${base}${path}`);
    url.search = new URLSearchParams(signed).toString();
    const headers = Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (req.headers[name] ? [[name, req.headers[name] as string]] : [])));
    let answered = false;
    const outgoing = http.request(url, { method: req.method, headers }, (incoming) => {
      res.status(incoming.statusCode ?? 502);
      for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined && name !== "connection") res.setHeader(name, value);
      incoming.on("end", () => (answered = true));
      incoming.pipe(res);
    });
    outgoing.on("error", (error) => {
      // The file service may answer before the whole upload arrived (too big) and stop reading: its answer stands.
      if (answered) return void req.resume();
      log.error({ err: error }, "the file service could not be reached");
      if (!res.headersSent) res.status(502).json({ code: "internal_error", message: "The file service is unavailable" });
      else res.destroy();
    });
    // A caller who goes away mid-body ends the forwarded upload too, so the file route keeps nothing half-sent.
    req.on("close", () => {
      if (!req.complete) outgoing.destroy();
    });
    req.pipe(outgoing);
  };
  app.get("/blobs/*key", (req, res) => {
    const key = (req.params as { key: string[] }).key.join("/");
    const signed = signatureOf(req);
    try {
      assertValidKey(key);
    } catch (error) {
      if (error instanceof InvalidBlobKeyError) return notFound(res);
      throw error;
    }
    if (!signed) return void res.status(403).json({ code: "permission_denied", message: "The link is not valid" });
    forward(req, res, `/blobs/${key.split("/").map(encodeURIComponent).join("/")}`, signed);
  });
  app.put("/uploads/:slotId", (req, res) => {
    const { slotId } = req.params;
    const signed = signatureOf(req);
    if (!UPLOAD_SLOT_ID.test(slotId)) return notFound(res);
    if (!signed) return void res.status(403).json({ code: "permission_denied", message: "The link is not valid" });
    forward(req, res, `/uploads/${slotId}`, signed);
  });
  const undecodable: ErrorRequestHandler = (error, _req, res, next) => (error?.status === 400 ? notFound(res) : next(error));
  app.use(["/blobs", "/uploads"], undecodable);
}
