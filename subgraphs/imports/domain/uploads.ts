import { randomBytes } from "node:crypto";
import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { announceJob, createJobRow } from "../../../lib/jobs/engine.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import type { ReceiveOutcome } from "../../../lib/storage/file-routes.js";
import { storeBodyUpTo, type IncomingBody } from "../../../lib/storage/size-limit.js";
import { slotReadyForJob, sweepExpiredSlots } from "../../../lib/storage/upload-slots.js";
import type { ImportsContext } from "../context.js";
import { DESIGN_IMPORT, type ImportInput } from "./import-jobs.js";
import { checkedMimeType, checkedTitle, UPLOAD_TITLE_MAX } from "./requests.js";

/** An import's upload URL is valid this long. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** Every import upload slot id starts with this: the platform's upload route hands such slots to this domain. */
export const IMPORT_SLOT_PREFIX = "IM";

export const importBlobKey = (uploadId: string) => `imports/uploads/${uploadId}`;

export interface ImportUploadTicket {
  uploadId: string;
  uploadUrl: string;
  expiresAt: Date;
}

/** Step 1: an upload slot for the file of a new import, and the signed URL its bytes go to. */
export async function requestImportUpload(
  ctx: ImportsContext,
  principal: DesignPrincipal,
  input: { title: string; mimeType?: string | null },
): Promise<ImportUploadTicket> {
  const title = checkedTitle(input.title, UPLOAD_TITLE_MAX);
  const mimeType = checkedMimeType(input.mimeType);
  const now = Date.now();
  const upload = await ctx.db.importUpload.create({
    data: {
      id: `${IMPORT_SLOT_PREFIX}${randomBytes(12).toString("base64url")}`,
      ownerId: principal.userId,
      teamId: principal.teamId,
      title,
      mimeType,
      expiresAt: new Date(now + UPLOAD_URL_SECONDS * 1000),
    },
  });
  return { uploadId: upload.id, uploadUrl: ctx.files.uploadUrl(upload.id, UPLOAD_URL_SECONDS, now), expiresAt: upload.expiresAt };
}

/**
 * Step 2 (the signed URL): stores the bytes once, as they arrive. Past `maxBytes` the partial file is
 * removed and the slot marked too big, so its job fails with `invalid_file` (too big).
 */
export async function receiveImportUpload(deps: { db: PrismaClient; blobs: BlobStore }, uploadId: string, incoming: IncomingBody, maxBytes: number): Promise<ReceiveOutcome> {
  const upload = await deps.db.importUpload.findUnique({ where: { id: uploadId } });
  if (!upload || upload.expiresAt < new Date()) return "unknown";
  if (upload.receivedAt) return "used";
  const stored = await storeBodyUpTo(deps.blobs, importBlobKey(uploadId), incoming, maxBytes);
  if (stored === "aborted") return "aborted";
  const byteSize = stored === "too_big" ? null : stored;
  const claimed = await deps.db.importUpload.updateMany({ where: { id: uploadId, receivedAt: null }, data: { receivedAt: new Date(), byteSize, tooBig: byteSize === null } });
  if (claimed.count !== 1) return "used";
  return byteSize === null ? "too_big" : "stored";
}

/** Step 3: one job per received upload, created with the upload marked consumed in one transaction. */
export async function createImportJob(ctx: ImportsContext, principal: DesignPrincipal, uploadId: string): Promise<Job> {
  const job = await ctx.db.$transaction(async (tx) => {
    const upload = slotReadyForJob(await tx.importUpload.findUnique({ where: { id: uploadId } }), principal.userId, "import");
    const input: ImportInput & { uploadId: string; tooBig: boolean } = { uploadId, title: upload.title, teamId: upload.teamId, mimeType: upload.mimeType, tooBig: upload.tooBig };
    const created = await createJobRow(tx, { kind: DESIGN_IMPORT, ownerId: principal.userId, clientId: principal.clientId, input: { ...input } });
    await tx.importUpload.update({ where: { id: uploadId }, data: { jobId: created.id } });
    return created;
  });
  await announceJob(ctx.bus, job);
  return job;
}

/** Removes import upload slots that expired without becoming a job, and their bytes; returns how many. */
export function sweepExpiredImportUploads(deps: { db: PrismaClient; blobs: BlobStore }, now = Date.now()): Promise<number> {
  return sweepExpiredSlots(deps.db.importUpload, importBlobKey, deps.blobs, now);
}
