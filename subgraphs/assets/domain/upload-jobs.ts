import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { jobErrorCodes } from "../../../lib/jobs/error-codes.js";
import { isResourceId } from "../../../lib/validation.js";
import type { AssetsContext } from "../context.js";

export const ASSET_UPLOAD = "asset_upload";
export const URL_ASSET_UPLOAD = "url_asset_upload";

/** Why an upload job (by bytes or by URL) fails, in the words of the specification's AssetUploadErrorCode. */
export const UPLOAD_ERROR_CODES = jobErrorCodes({
  documented: ["file_too_big", "import_failed", "fetch_failed"],
  unexpected: "import_failed",
  failures: {
    /** More bytes than ASSET_MAX_BYTES (a video fetched from a URL: URL_VIDEO_MAX_BYTES), sent or fetched. */
    tooBig: "file_too_big",
    /** Not an image or a video, undecodable, past ASSET_MAX_PIXELS, or the upload's bytes gone. */
    unreadable: "import_failed",
    /** The URL was refused (not public, not http(s)), unreachable, too slow, or answered an error. */
    fetchFailed: "fetch_failed",
  },
});

/** What a successful upload job leaves in `jobs.result`. */
export interface UploadResult {
  assetId: string;
}

/** The job, for its creator only: unknown → 404, someone else's → 403. */
export async function creatorsJob(ctx: AssetsContext, principal: DesignPrincipal, id: string, kind: string): Promise<Job> {
  const job = isResourceId(id) ? await ctx.loaders.jobById.load(id) : null;
  if (!job || job.kind !== kind) throw new NotFoundError("Job not found");
  if (job.ownerId !== principal.userId) throw new ForbiddenError("Only the job's creator can see it");
  return job;
}

export function resultAssetId(job: Job): string | undefined {
  return job.status === "success" ? (job.result as unknown as UploadResult | null)?.assetId : undefined;
}
