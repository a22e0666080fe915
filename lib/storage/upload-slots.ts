import { ConflictError, NotFoundError } from "../errors.js";
import type { BlobStore } from "./blob-store.js";

/** What every domain's upload slot records: who may use it, until when, and what became of it. */
export interface UploadSlot {
  id: string;
  ownerId: number;
  expiresAt: Date;
  receivedAt: Date | null;
  jobId: string | null;
}

/**
 * The slot `uploadId` when `ownerId` may turn it into a job now: theirs (anyone else's is the same
 * 404 as an unknown one), not expired, its bytes received, no job made from it yet.
 */
export function slotReadyForJob<Slot extends UploadSlot>(slot: Slot | null, ownerId: number, noun: string): Slot {
  if (!slot || slot.ownerId !== ownerId) throw new NotFoundError("Upload not found");
  if (slot.expiresAt < new Date()) throw new NotFoundError("The upload has expired: request a new upload URL");
  if (!slot.receivedAt) throw new ConflictError(`The ${noun}'s bytes have not been sent to its upload URL yet`);
  if (slot.jobId) throw new ConflictError("The upload already has a job");
  return slot;
}

/** Unused upload slots are kept this long past their expiry, then removed with their bytes. */
export const SWEEP_SLOTS_AFTER_MS = 60 * 60 * 1000;

/** The table of a domain's slots, as far as sweeping needs it (a Prisma model delegate fits). */
export interface SlotTable {
  findMany(args: { where: { jobId: null; expiresAt: { lt: Date } }; select: { id: true }; take: number }): Promise<{ id: string }[]>;
  deleteMany(args: { where: { id: { in: string[] }; jobId: null } }): Promise<{ count: number }>;
}

/** Removes up to 500 slots that expired without becoming a job, and their bytes; returns how many. */
export async function sweepExpiredSlots(table: SlotTable, blobKey: (id: string) => string, blobs: Pick<BlobStore, "delete">, now = Date.now()): Promise<number> {
  const expired = await table.findMany({ where: { jobId: null, expiresAt: { lt: new Date(now - SWEEP_SLOTS_AFTER_MS) } }, select: { id: true }, take: 500 });
  for (const { id } of expired) await blobs.delete(blobKey(id));
  const removed = await table.deleteMany({ where: { id: { in: expired.map(({ id }) => id) }, jobId: null } });
  return removed.count;
}
