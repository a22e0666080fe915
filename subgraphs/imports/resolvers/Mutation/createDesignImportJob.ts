import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createImportJob } from "../../domain/uploads.js";

export const createDesignImportJob: MutationResolvers["createDesignImportJob"] = (_p, { uploadId }, ctx) =>
  createImportJob(ctx, requireDesignPrincipal(ctx.auth), uploadId);
