import DataLoader from "dataloader";
import type { Job, PrismaClient } from "../../generated/prisma/client.js";
import type { CoalescedIdReads } from "../db/coalesced-reads.js";
import { sharedReadsOf } from "../db/loaders.js";
import { NotFoundError } from "../errors.js";
import { isResourceId } from "../validation.js";

/** The reads of jobs by id of this database, merged across concurrent requests (one per database). */
export function jobReadsOf(db: PrismaClient): CoalescedIdReads<string, Job> {
  return sharedReadsOf<string, Job>(db.job);
}

/** A request's jobs by id: batched within the request and, with other requests' reads, across them. */
export function jobLoader(db: PrismaClient): DataLoader<string, Job | null> {
  return new DataLoader(jobReadsOf(db).read);
}

/** The job of `kind` with this id when `userId` created it; null for an unknown or malformed id, another kind, or someone else's job. */
export async function ownJob(jobById: DataLoader<string, Job | null>, userId: number, id: string, kind: string): Promise<Job | null> {
  const job = isResourceId(id) ? await jobById.load(id) : null;
  return job && job.kind === kind && job.ownerId === userId ? job : null;
}

/** The job, for its creator only: anyone else's, like an unknown id, is not found. */
export async function creatorsJob(jobById: DataLoader<string, Job | null>, userId: number, id: string, kind: string): Promise<Job> {
  const job = await ownJob(jobById, userId, id, kind);
  if (!job) throw new NotFoundError("Job not found");
  return job;
}

/** A failed job's documented error (`{ code, message }`); null while it runs or after success. */
export function jobError(job: Job): { code: string; message: string } | null {
  return job.status === "failed" && job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null;
}
