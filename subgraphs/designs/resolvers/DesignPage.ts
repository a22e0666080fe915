import type { DesignPageResolvers } from "../__generated__/resolvers-types.js";

export const DesignPage: DesignPageResolvers = {
  elements: (page, _a, ctx) => ctx.loaders.elementsByPage.load(page.id),
};
