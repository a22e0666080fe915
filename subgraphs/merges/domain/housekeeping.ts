import type { PrismaClient } from "../../../generated/prisma/client.js";

/** How long the record that a job changed a design is kept: far longer than any job's retries last. */
export const MERGE_RECORD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SWEEP_MERGE_RECORDS_EVERY_MS = 60 * 60 * 1000;

/** Deletes the records of merges into existing designs once no attempt of their job can still run. */
export async function sweepMergeRecords(db: PrismaClient, now = Date.now()): Promise<number> {
  const removed = await db.designMerge.deleteMany({ where: { createdAt: { lt: new Date(now - MERGE_RECORD_LIFETIME_MS) } } });
  return removed.count;
}
