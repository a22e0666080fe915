import type { Express, Request, Response } from "express";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { BlobStore } from "../../lib/storage/blob-store.js";
import { InvalidBlobKeyError } from "../../lib/storage/blob-store.js";
import type { SignedUrls } from "../../lib/storage/signed-urls.js";
import { receiveUpload } from "./domain/uploads.js";

export interface BlobRouteDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  signedUrls: SignedUrls;
  maxBytes: number;
}

const refuse = (res: Response, status: number, code: string, message: string) => void res.status(status).json({ code, message });

function checkSignature(req: Request, res: Response, deps: BlobRouteDependencies, key: string, purpose: "download" | "upload"): boolean {
  const verdict = deps.signedUrls.verify(key, req.query.expires, req.query.signature, Date.now(), purpose);
  if (verdict === "valid") return true;
  refuse(res, 403, "permission_denied", verdict === "expired" ? "The link has expired" : "The link is not valid");
  return false;
}

/**
 * Blob downloads (`GET /blobs/<key>`) and upload slots (`PUT /uploads/<id>`), both opened only by an
 * unexpired signed URL; served by the assets service and reached through the gateway's port.
 */
export function mountBlobRoutes(app: Express, deps: BlobRouteDependencies): void {
  app.get("/blobs/*key", async (req, res) => {
    const key = (req.params as { key: string[] }).key.join("/");
    if (!checkSignature(req, res, deps, key, "download")) return;
    try {
      const blob = await deps.blobs.get(key);
      if (!blob) return refuse(res, 404, "not_found", "The file no longer exists");
      res.status(200).set({ "content-type": blob.contentType, "content-length": String(blob.size), "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" });
      blob.stream.pipe(res);
    } catch (error) {
      if (error instanceof InvalidBlobKeyError) return refuse(res, 404, "not_found", "The file no longer exists");
      throw error;
    }
  });

  app.put("/uploads/:uploadId", async (req, res) => {
    const { uploadId } = req.params;
    if (!checkSignature(req, res, deps, uploadId, "upload")) return;
    if (req.is("multipart/*")) return refuse(res, 400, "bad_request_body", "Send the file's raw bytes (application/octet-stream), not a multipart body");
    const outcome = await receiveUpload(deps, uploadId, req, deps.maxBytes);
    if (outcome === "unknown") return refuse(res, 404, "not_found", "The upload does not exist or has expired");
    if (outcome === "used") return refuse(res, 409, "conflict", "The upload URL was already used");
    if (!req.complete) {
      // Cut off past the limit: answer now, discard the rest, close the connection after the answer.
      res.set("connection", "close");
      req.resume();
    }
    res.status(204).end();
  });
}
