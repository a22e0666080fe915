import type { DesignPageResolvers } from "../__generated__/resolvers-types.js";
import { contentTypeOf } from "../domain/design-types.js";
import { pageThumbnail } from "../domain/render/thumbnails.js";

export const DesignPage: DesignPageResolvers = {
  elements: (page, _a, ctx) => ctx.loaders.elementsByPage.load(page.id),
  designType: async (page, _a, ctx) => {
    const design = await ctx.loaders.designById.load(page.designId);
    return design ? contentTypeOf(design) : "unknown";
  },
  thumbnail: async (page, _a, ctx) => {
    const design = await ctx.loaders.designById.load(page.designId);
    return design ? pageThumbnail(ctx, design, page) : null;
  },
};
