import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { fetchPublicUrl, FetchRefusedError, FetchTooLargeError } from "../../../lib/net/safe-fetch.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { ContentLimitError, createImportedDesign, designSummaries, type ContentBudgets } from "../../designs/public.js";
import type { ImportsSettings } from "../settings.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { DESIGN_IMPORT, fetchFailed, IMPORT_ERROR_CODES, tooBig, URL_IMPORT, type ImportInput, type ImportResult } from "./import-jobs.js";
import { readImportedFile } from "./read-file.js";
import { importBlobKey } from "./uploads.js";

export interface ImportJobDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  settings: ImportsSettings;
  /** What an imported design may hold. */
  designBudgets: ContentBudgets;
}

/**
 * Reads the stored file into a new design of the job's owner. The design's id is derived from the
 * job's (as are its assets'), so a job resumed after a crash finds what an earlier attempt made.
 */
const designIdFor = (job: Job) => `DI${job.id}`;

/** Runs `work` unless an earlier attempt of the job already made its design (it died before recording success). */
function oncePerJob(deps: ImportJobDependencies, work: JobHandler): JobHandler {
  return async (job, signal) => {
    const [existing] = await designSummaries(deps.db, [designIdFor(job)]);
    if (existing) return { designIds: [existing.id] } satisfies ImportResult;
    return work(job, signal);
  };
}

async function importFrom(deps: ImportJobDependencies, job: Job, input: ImportInput, sourceKey: string): Promise<ImportResult> {
  const pages = await readImportedFile(deps, job, input, sourceKey);
  const design = await createImportedDesign(deps.db, { id: designIdFor(job), ownerId: job.ownerId, teamId: input.teamId, title: input.title, pages, budgets: deps.designBudgets }).catch((error: unknown) => {
    if (error instanceof ContentLimitError) throw new PermanentJobError(IMPORT_ERROR_CODES.failures.unreadable, `The file holds more than a design may: ${error.message}`);
    throw error;
  });
  return { designIds: [design.id] };
}

function uploadHandler(deps: ImportJobDependencies): JobHandler {
  return async (job) => {
    const input = job.input as unknown as ImportInput & { uploadId: string; tooBig: boolean };
    if (input.tooBig) throw tooBig(deps.settings.maxBytes);
    const sourceKey = importBlobKey(input.uploadId);
    const result = await importFrom(deps, job, input, sourceKey);
    await deps.blobs.delete(sourceKey);
    return { ...result };
  };
}

/** A URL that could not be fetched, or answered too much, fails its job with the documented code. */
function fetchFailure(error: unknown, limit: number): unknown {
  if (error instanceof FetchTooLargeError) return tooBig(limit);
  if (error instanceof FetchRefusedError) return fetchFailed(error.message);
  return error;
}

function urlImportHandler(deps: ImportJobDependencies): JobHandler {
  return async (job) => {
    const input = job.input as unknown as ImportInput & { url: string };
    const sourceKey = `imports/fetched/${job.id}`;
    const { maxBytes, fetchTimeoutMs, allowPrivateUrls } = deps.settings;
    try {
      const fetched = await fetchPublicUrl(input.url, { timeoutMs: fetchTimeoutMs, allowPrivate: allowPrivateUrls, maxBytes: () => maxBytes });
      await deps.blobs.put(sourceKey, fetched.body, fetched.contentType);
    } catch (error) {
      throw fetchFailure(error, maxBytes);
    }
    try {
      return { ...(await importFrom(deps, job, input, sourceKey)) };
    } finally {
      await deps.blobs.delete(sourceKey);
    }
  };
}

/** The job kinds of the imports domain, for the workers. */
export function importJobHandlers(deps: ImportJobDependencies): Record<string, JobHandler> {
  return { [DESIGN_IMPORT]: oncePerJob(deps, uploadHandler(deps)), [URL_IMPORT]: oncePerJob(deps, urlImportHandler(deps)) };
}
