import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";

export const designAnalytics: QueryResolvers["designAnalytics"] = async (_p, { designId }, ctx) => {
  await analyticsReader(ctx, designId);
  return ctx.loaders.viewTotalsByDesign.load(designId);
};
