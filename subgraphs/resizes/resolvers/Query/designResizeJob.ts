import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import { creatorsJob } from "../../../../lib/jobs/creators-jobs.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { DESIGN_RESIZE } from "../../domain/resize-jobs.js";

export const designResizeJob: QueryResolvers["designResizeJob"] = (_p, { id }, ctx) => creatorsJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth).userId, id, DESIGN_RESIZE);
