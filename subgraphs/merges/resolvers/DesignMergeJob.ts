import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { jobError, ownJob } from "../../../lib/jobs/creators-jobs.js";
import type { DesignMergeJobResolvers } from "../__generated__/resolvers-types.js";
import { DESIGN_MERGE, resultDesignId } from "../domain/merge-jobs.js";

export const DesignMergeJob: DesignMergeJobResolvers = {
  __resolveReference: (reference, ctx) => ownJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth, ["design:meta:read"]).userId, reference.id, DESIGN_MERGE),
  /** The design's summary (through the designs domain, batched). */
  result: async (job, _a, ctx) => {
    const designId = resultDesignId(job);
    const design = designId ? await ctx.loaders.designSummaryById.load(designId) : null;
    return design ? { design } : null;
  },
  error: jobError,
};
