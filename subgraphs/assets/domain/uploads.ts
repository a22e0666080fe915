import { randomBytes } from "node:crypto";
import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { announceJob, createJobRow } from "../../../lib/jobs/engine.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import type { ReceiveOutcome } from "../../../lib/storage/file-routes.js";
import { storeBodyUpTo, type IncomingBody } from "../../../lib/storage/size-limit.js";
import type { AssetsContext } from "../context.js";
import { ASSET_NAME_MAX } from "./assets.js";
import { ASSET_UPLOAD } from "./upload-jobs.js";

/** An upload URL is valid this long. */
export const UPLOAD_URL_SECONDS = 15 * 60;

export const uploadBlobKey = (uploadId: string) => `uploads/${uploadId}`;

/** Every asset upload slot id starts with this: the platform's upload route hands such slots to this domain. */
export const UPLOAD_SLOT_PREFIX = "UP";

export interface UploadTicket {
  uploadId: string;
  uploadUrl: string;
  expiresAt: Date;
}

/** Step 1: a named upload slot and the signed URL its bytes go to. */
export async function requestUpload(ctx: AssetsContext, principal: DesignPrincipal, name: string): Promise<UploadTicket> {
  const length = [...name].length;
  if (length < 1) throw new ValidationError("name", "name is required");
  if (length > ASSET_NAME_MAX) throw new ValidationError("name", `name must be at most ${ASSET_NAME_MAX} characters`);
  const now = Date.now();
  const upload = await ctx.db.assetUpload.create({
    data: {
      id: `${UPLOAD_SLOT_PREFIX}${randomBytes(12).toString("base64url")}`,
      ownerId: principal.userId,
      teamId: principal.teamId,
      name,
      expiresAt: new Date(now + UPLOAD_URL_SECONDS * 1000),
    },
  });
  return { uploadId: upload.id, uploadUrl: ctx.files.uploadUrl(upload.id, UPLOAD_URL_SECONDS, now), expiresAt: upload.expiresAt };
}


/**
 * Step 2 (the signed URL): stores the bytes once, written to storage as they arrive. Past `maxBytes`
 * — declared by the sender's Content-Length, or counted — the writing stops (or never starts), the
 * partial file is removed and the slot is marked too big, so its job fails with `file_too_big` (the
 * sender is answered at once; the route discards the rest). A sender who goes away mid-body leaves
 * nothing behind and the slot unused.
 */
export async function receiveUpload(
  deps: { db: PrismaClient; blobs: BlobStore },
  uploadId: string,
  incoming: IncomingBody,
  maxBytes: number,
): Promise<ReceiveOutcome> {
  const upload = await deps.db.assetUpload.findUnique({ where: { id: uploadId } });
  if (!upload || upload.expiresAt < new Date()) return "unknown";
  if (upload.receivedAt) return "used";
  const stored = await storeBodyUpTo(deps.blobs, uploadBlobKey(uploadId), incoming, maxBytes);
  if (stored === "aborted") return "aborted";
  const size = stored === "too_big" ? null : stored;
  const claimed = await deps.db.assetUpload.updateMany({
    where: { id: uploadId, receivedAt: null },
    data: { receivedAt: new Date(), byteSize: size, tooBig: size === null },
  });
  if (claimed.count === 1) return size === null ? "too_big" : "stored";
  return "used";
}

/** Step 3: one job per received upload, created with the upload marked consumed in one transaction. */
export async function createUploadJob(ctx: AssetsContext, principal: DesignPrincipal, uploadId: string): Promise<Job> {
  const job = await ctx.db.$transaction(async (tx) => {
    const upload = await tx.assetUpload.findUnique({ where: { id: uploadId } });
    if (!upload || upload.ownerId !== principal.userId) throw new NotFoundError("Upload not found");
    if (upload.expiresAt < new Date()) throw new NotFoundError("The upload has expired: request a new upload URL");
    if (!upload.receivedAt) throw new ConflictError("The upload's bytes have not been sent to its upload URL yet");
    if (upload.jobId) throw new ConflictError("The upload already has a job");
    const created = await createJobRow(tx, {
      kind: ASSET_UPLOAD,
      ownerId: principal.userId,
      input: { uploadId, name: upload.name, teamId: upload.teamId, tooBig: upload.tooBig },
    });
    await tx.assetUpload.update({ where: { id: uploadId }, data: { jobId: created.id } });
    return created;
  });
  await announceJob(ctx.bus, job);
  return job;
}

/** Unused upload slots are kept this long past their expiry, then removed with their bytes. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

/** Removes upload slots that expired without becoming a job, and their bytes; returns how many. */
export async function sweepExpiredUploads(deps: { db: PrismaClient; blobs: BlobStore }, now = Date.now()): Promise<number> {
  const expired = await deps.db.assetUpload.findMany({ where: { jobId: null, expiresAt: { lt: new Date(now - SWEEP_AFTER_MS) } }, take: 500 });
  for (const upload of expired) await deps.blobs.delete(uploadBlobKey(upload.id));
  const removed = await deps.db.assetUpload.deleteMany({ where: { id: { in: expired.map((upload) => upload.id) }, jobId: null } });
  return removed.count;
}
