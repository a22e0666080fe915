import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { URL_ASSET_UPLOAD, creatorsJob } from "../../domain/upload-jobs.js";

export const urlAssetUploadJob: QueryResolvers["urlAssetUploadJob"] = (_p, { id }, ctx) =>
  creatorsJob(ctx, requireDesignPrincipal(ctx.auth), id, URL_ASSET_UPLOAD);
