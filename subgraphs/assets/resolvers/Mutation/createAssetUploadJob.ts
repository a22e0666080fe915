import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createUploadJob } from "../../domain/uploads.js";

export const createAssetUploadJob: MutationResolvers["createAssetUploadJob"] = (_p, { uploadId }, ctx) =>
  createUploadJob(ctx, requireDesignPrincipal(ctx.auth), uploadId);
