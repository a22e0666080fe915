import { randomBytes } from "node:crypto";
import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import { announceJob, createJobRow } from "../../../lib/jobs/engine.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import type { ReceiveOutcome } from "../../../lib/storage/file-routes.js";
import { storeBodyUpTo, type IncomingBody } from "../../../lib/storage/size-limit.js";
import { slotReadyForJob, sweepExpiredSlots } from "../../../lib/storage/upload-slots.js";
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
    const upload = slotReadyForJob(await tx.assetUpload.findUnique({ where: { id: uploadId } }), principal.userId, "upload");
    const created = await createJobRow(tx, {
      kind: ASSET_UPLOAD,
      ownerId: principal.userId,
      clientId: principal.clientId,
      input: { uploadId, name: upload.name, teamId: upload.teamId, tooBig: upload.tooBig },
    });
    await tx.assetUpload.update({ where: { id: uploadId }, data: { jobId: created.id } });
    return created;
  });
  await announceJob(ctx.bus, job);
  return job;
}

/** Removes upload slots that expired without becoming a job, and their bytes; returns how many. */
export function sweepExpiredUploads(deps: { db: PrismaClient; blobs: BlobStore }, now = Date.now()): Promise<number> {
  return sweepExpiredSlots(deps.db.assetUpload, uploadBlobKey, deps.blobs, now);
}
