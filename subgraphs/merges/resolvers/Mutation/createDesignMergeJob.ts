import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createMergeJob } from "../../domain/merge-jobs.js";

export const createDesignMergeJob: MutationResolvers["createDesignMergeJob"] = (_p, { input }, ctx) => createMergeJob(ctx, requireDesignPrincipal(ctx.auth), input);
