import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";
import { viewTotals } from "../../domain/totals.js";

export const designAnalytics: QueryResolvers["designAnalytics"] = async (_p, { designId }, ctx) => {
  await analyticsReader(ctx, designId);
  return viewTotals(ctx.db, designId);
};
