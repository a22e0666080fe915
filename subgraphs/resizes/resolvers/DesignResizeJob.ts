import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { jobError, ownJob } from "../../../lib/jobs/creators-jobs.js";
import type { DesignResizeJobResolvers } from "../__generated__/resolvers-types.js";
import { DESIGN_RESIZE, resultDesignId } from "../domain/resize-jobs.js";

export const DesignResizeJob: DesignResizeJobResolvers = {
  __resolveReference: (reference, ctx) =>
    ownJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth, ["design:content:read", "design:content:write"]).userId, reference.id, DESIGN_RESIZE),
  /** The new design's summary (through the designs domain, batched); no trial: see the schema. */
  result: async (job, _a, ctx) => {
    const designId = resultDesignId(job);
    const design = designId ? await ctx.loaders.designSummaryById.load(designId) : null;
    return design ? { design, trialInformation: null } : null;
  },
  error: jobError,
};
