import type { DesignResolvers } from "../__generated__/resolvers-types.js";
import { analyticsReader } from "../domain/design-access.js";

export const Design: DesignResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  analytics: async (design, _a, ctx) => {
    await analyticsReader(ctx, design.id);
    return ctx.loaders.viewTotalsByDesign.load(design.id);
  },
};
