import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { jobError } from "../../../lib/jobs/creators-jobs.js";
import type { DesignAutofillJobResolvers } from "../__generated__/resolvers-types.js";
import { creatorsAutofillJob, resultDesignId } from "../domain/autofill-jobs.js";

export const DesignAutofillJob: DesignAutofillJobResolvers = {
  __resolveReference: (reference, ctx) => creatorsAutofillJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth, ["design:meta:read"]).userId, reference.id),
  /** The new design's summary (through the designs domain, batched). */
  result: async (job, _a, ctx) => {
    const designId = resultDesignId(job);
    const design = designId ? await ctx.loaders.designSummaryById.load(designId) : null;
    return design ? { type: "create_design" as const, design } : null;
  },
  error: jobError,
};
