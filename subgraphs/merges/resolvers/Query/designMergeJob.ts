import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import { creatorsJob } from "../../../../lib/jobs/creators-jobs.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { DESIGN_MERGE } from "../../domain/merge-jobs.js";

export const designMergeJob: QueryResolvers["designMergeJob"] = (_p, { id }, ctx) => creatorsJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth).userId, id, DESIGN_MERGE);
