import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createResizeJob } from "../../domain/resize-jobs.js";

export const createDesignResizeJob: MutationResolvers["createDesignResizeJob"] = (_p, { designId, designType }, ctx) =>
  createResizeJob(ctx, requireDesignPrincipal(ctx.auth), { designId, designType });
