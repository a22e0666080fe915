import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { ASSET_UPLOAD, creatorsJob } from "../../domain/upload-jobs.js";

export const assetUploadJob: QueryResolvers["assetUploadJob"] = (_p, { id }, ctx) => creatorsJob(ctx, requireDesignPrincipal(ctx.auth), id, ASSET_UPLOAD);
