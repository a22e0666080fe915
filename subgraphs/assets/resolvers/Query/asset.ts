import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { visibleAsset } from "../../domain/assets.js";

export const asset: QueryResolvers["asset"] = (_p, { id }, ctx) => visibleAsset(ctx, requireDesignPrincipal(ctx.auth), id);
