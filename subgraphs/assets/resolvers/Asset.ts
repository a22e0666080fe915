import type { AssetResolvers } from "../__generated__/resolvers-types.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { isVisibleTo, THUMBNAIL_URL_SECONDS } from "../domain/assets.js";

export const Asset: AssetResolvers = {
  __resolveReference: async (reference, ctx) => {
    const principal = requireDesignPrincipal(ctx.auth, ["asset:read"]);
    const asset = await ctx.loaders.assetById.load(reference.id);
    return isVisibleTo(asset, principal) ? asset : null;
  },
  owner: (asset) => asset,
  thumbnail: async (asset, _a, ctx) =>
    asset.thumbnailKey && asset.thumbnailWidth && asset.thumbnailHeight
      ? { width: asset.thumbnailWidth, height: asset.thumbnailHeight, url: await ctx.files.downloadUrl(asset.thumbnailKey, THUMBNAIL_URL_SECONDS) }
      : null,
  metadata: (asset) => ({
    type: asset.type,
    width: asset.width,
    height: asset.height,
    duration: asset.durationMs === null ? null : Math.round(asset.durationMs / 1000),
    durationMs: asset.durationMs,
  }),
};
