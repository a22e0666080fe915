import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createExportJob } from "../../domain/requests.js";

export const createDesignExportJob: MutationResolvers["createDesignExportJob"] = (_p, { designId, format }, ctx) =>
  createExportJob(ctx, requireDesignPrincipal(ctx.auth), { designId, format });
