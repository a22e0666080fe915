import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { AssetResolvers } from "../__generated__/resolvers-types.js";

export const Asset: AssetResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  designs: (asset, _a, ctx) => ctx.loaders.designsShowingAsset.load({ teamId: requireDesignPrincipal(ctx.auth).teamId, assetId: asset.id }),
};
