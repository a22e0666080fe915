import type { Job } from "../../../generated/prisma/client.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { AssetsContext } from "../context.js";
import { resultAssetId } from "../domain/upload-jobs.js";
import { isVisibleTo } from "../domain/assets.js";

/** Fields every asset upload job kind shares: its asset on success, its error on failure. */
export function uploadJobFields(kind: string) {
  return {
    __resolveReference: async (reference: { id: string }, ctx: AssetsContext) => {
      const principal = requireDesignPrincipal(ctx.auth, ["asset:read"]);
      const job = await ctx.loaders.jobById.load(reference.id);
      return job && job.kind === kind && job.ownerId === principal.userId ? job : null;
    },
    asset: async (job: Job, _a: unknown, ctx: AssetsContext) => {
      const assetId = resultAssetId(job);
      const asset = assetId ? await ctx.loaders.assetById.load(assetId) : null;
      return isVisibleTo(asset, requireDesignPrincipal(ctx.auth)) ? asset : null;
    },
    error: (job: Job) => (job.status === "failed" && job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null),
  };
}
