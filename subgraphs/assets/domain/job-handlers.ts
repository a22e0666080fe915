import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { fetchPublicUrl, FetchRefusedError, FetchTooLargeError } from "../../../lib/net/safe-fetch.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import type { AssetsSettings } from "../settings.js";
import { importAsset } from "./import-asset.js";
import { fetchFailed, tooBig } from "./import-errors.js";
import { ASSET_UPLOAD, URL_ASSET_UPLOAD, type UploadResult } from "./upload-jobs.js";
import { uploadBlobKey } from "./uploads.js";

export interface AssetJobDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  assets: AssetsSettings;
}

const importer = (deps: AssetJobDependencies) => ({ db: deps.db, blobs: deps.blobs, maxPixels: deps.assets.maxPixels, video: deps.assets.video });

/** The asset made by a job has an id derived from the job's: a resumed job finds it instead of making another. */
const assetIdFor = (job: Job) => `A${job.id}`;

/** Runs `work` unless an earlier attempt of the job already made its asset (it died before recording success). */
function oncePerJob(deps: AssetJobDependencies, work: JobHandler): JobHandler {
  return async (job, signal) => {
    const existing = await deps.db.asset.findUnique({ where: { id: assetIdFor(job) } });
    if (existing) return { assetId: existing.id } satisfies UploadResult;
    return work(job, signal);
  };
}

function uploadHandler(deps: AssetJobDependencies): JobHandler {
  return async (job) => {
    const input = job.input as { uploadId: string; name: string; teamId: string; tooBig: boolean };
    if (input.tooBig) throw tooBig(deps.assets.maxBytes);
    const sourceKey = uploadBlobKey(input.uploadId);
    const asset = await importAsset(importer(deps), { assetId: assetIdFor(job), sourceKey, name: input.name, ownerId: job.ownerId, teamId: input.teamId });
    await deps.blobs.delete(sourceKey);
    return { assetId: asset.id } satisfies UploadResult;
  };
}

/** A URL that could not be fetched, or answered too much, fails its job with the documented code. */
function fetchFailure(error: unknown): unknown {
  if (error instanceof FetchTooLargeError) return tooBig(error.limit);
  if (error instanceof FetchRefusedError) return fetchFailed(error.message);
  return error;
}

function urlUploadHandler(deps: AssetJobDependencies): JobHandler {
  return async (job) => {
    const input = job.input as { url: string; name: string; teamId: string };
    const sourceKey = `fetched/${job.id}`;
    try {
      const fetched = await fetchPublicUrl(input.url, {
        timeoutMs: deps.assets.fetchTimeoutMs,
        allowPrivate: deps.assets.allowPrivateUrls,
        maxBytes: (contentType) => (contentType.startsWith("video/") ? deps.assets.maxUrlVideoBytes : deps.assets.maxBytes),
      });
      await deps.blobs.put(sourceKey, fetched.body, fetched.contentType);
    } catch (error) {
      throw fetchFailure(error);
    }
    try {
      const asset = await importAsset(importer(deps), { assetId: assetIdFor(job), sourceKey, name: input.name, ownerId: job.ownerId, teamId: input.teamId });
      return { assetId: asset.id } satisfies UploadResult;
    } finally {
      await deps.blobs.delete(sourceKey);
    }
  };
}

/** The job kinds of the assets domain, for the workers. */
export function assetJobHandlers(deps: AssetJobDependencies): Record<string, JobHandler> {
  return { [ASSET_UPLOAD]: oncePerJob(deps, uploadHandler(deps)), [URL_ASSET_UPLOAD]: oncePerJob(deps, urlUploadHandler(deps)) };
}
