import type { DesignResolvers } from "../__generated__/resolvers-types.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { contentTypeOf } from "../domain/design-types.js";
import { isVisibleTo } from "../domain/designs.js";
import { pagesOf } from "../domain/pages.js";
import { pageThumbnail } from "../domain/render/thumbnails.js";
import { designUrls } from "../public.js";

export const Design: DesignResolvers = {
  __resolveReference: async (reference, ctx) => {
    const principal = requireDesignPrincipal(ctx.auth, ["design:meta:read"]);
    const design = await ctx.loaders.designById.load(reference.id);
    return isVisibleTo(design, principal) ? design : null;
  },
  owner: (design) => design,
  designType: (design) => ({ type: design.typeKind, name: design.preset }),
  designTypes: (design) => [contentTypeOf(design)],
  urls: (design, _a, ctx) => designUrls(ctx, design.id),
  pageCount: async (design, _a, ctx) => (await ctx.loaders.pagesByDesign.load(design.id)).length,
  thumbnail: async (design, _a, ctx) => {
    const [first] = await ctx.loaders.pagesByDesign.load(design.id);
    return first ? pageThumbnail(ctx, design, first) : null;
  },
  pages: (design, { offset, limit }, ctx) => pagesOf(ctx, design.id, offset ?? undefined, limit ?? undefined),
};
