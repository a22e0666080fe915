import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { DESIGN_EXPORT, DOWNLOAD_URL_SECONDS, type ExportResult } from "./export-jobs.js";

/** How often a worker process removes the files of exports whose download URLs have expired. */
export const SWEEP_EXPORT_FILES_EVERY_MS = 30 * 60 * 1000;

/** Exports whose URLs expired are swept a little later, so no URL still valid points at a removed file. */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the stored files of exports finished more than 24 hours (+1 h) ago and marks their results
 * `purged` (the job keeps its expired URLs). Returns how many exports were swept.
 */
export async function sweepExpiredExportFiles(db: PrismaClient, blobs: BlobStore, now = Date.now()): Promise<number> {
  const before = new Date(now - DOWNLOAD_URL_SECONDS * 1000 - GRACE_MS);
  const due = await db.$queryRaw<{ id: string; result: ExportResult }[]>`
    SELECT id, result FROM jobs
     WHERE kind = ${DESIGN_EXPORT} AND status = 'success' AND "updatedAt" < ${before} AND NOT (result ? 'purged')
     LIMIT 500`;
  for (const job of due) {
    for (const key of job.result.files ?? []) await blobs.delete(key);
    await db.$executeRaw`UPDATE jobs SET result = result || '{"purged": true}'::jsonb WHERE id = ${job.id}`;
  }
  return due.length;
}
