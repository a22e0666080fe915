import { buffer } from "node:stream/consumers";
import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { fetchPublicUrl, FetchRefusedError, FetchTooLargeError } from "../../../lib/net/safe-fetch.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import type { AssetsSettings } from "../settings.js";
import { importAsset, importFailed, tooBig } from "./import-asset.js";
import { ASSET_UPLOAD, URL_ASSET_UPLOAD, type UploadResult } from "./upload-jobs.js";
import { uploadBlobKey } from "./uploads.js";

export interface AssetJobDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  assets: AssetsSettings;
}

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
    const blob = await deps.blobs.get(uploadBlobKey(input.uploadId));
    if (!blob) throw importFailed("The uploaded file is no longer available");
    const bytes = await buffer(blob.stream);
    const asset = await importAsset(deps, { assetId: assetIdFor(job), bytes, name: input.name, ownerId: job.ownerId, teamId: input.teamId });
    await deps.blobs.delete(uploadBlobKey(input.uploadId));
    return { assetId: asset.id } satisfies UploadResult;
  };
}

function urlUploadHandler(deps: AssetJobDependencies): JobHandler {
  return async (job) => {
    const input = job.input as { url: string; name: string; teamId: string };
    let fetched;
    try {
      fetched = await fetchPublicUrl(input.url, {
        timeoutMs: deps.assets.fetchTimeoutMs,
        allowPrivate: deps.assets.allowPrivateUrls,
        maxBytes: (contentType) => (contentType.startsWith("video/") ? deps.assets.maxUrlVideoBytes : deps.assets.maxBytes),
      });
    } catch (error) {
      if (error instanceof FetchTooLargeError) throw tooBig(error.limit);
      if (error instanceof FetchRefusedError) throw new PermanentJobError("fetch_failed", error.message);
      throw error;
    }
    const asset = await importAsset(deps, { assetId: assetIdFor(job), bytes: fetched.bytes, name: input.name, ownerId: job.ownerId, teamId: input.teamId });
    return { assetId: asset.id } satisfies UploadResult;
  };
}

/** The job kinds of the assets domain, for the workers. */
export function assetJobHandlers(deps: AssetJobDependencies): Record<string, JobHandler> {
  return { [ASSET_UPLOAD]: oncePerJob(deps, uploadHandler(deps)), [URL_ASSET_UPLOAD]: oncePerJob(deps, urlUploadHandler(deps)) };
}
