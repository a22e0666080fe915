import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createUrlUploadJob } from "../../domain/url-uploads.js";

export const createUrlAssetUploadJob: MutationResolvers["createUrlAssetUploadJob"] = (_p, { name, url }, ctx) =>
  createUrlUploadJob(ctx, requireDesignPrincipal(ctx.auth), name, url);
