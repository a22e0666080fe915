import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { AssetsContext } from "../context.js";

export const ASSET_UPLOAD = "asset_upload";
export const URL_ASSET_UPLOAD = "url_asset_upload";

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
