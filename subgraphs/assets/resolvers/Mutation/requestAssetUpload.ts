import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { requestUpload } from "../../domain/uploads.js";

export const requestAssetUpload: MutationResolvers["requestAssetUpload"] = (_p, { name }, ctx) => requestUpload(ctx, requireDesignPrincipal(ctx.auth), name);
