import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";
import { pageViews } from "../../domain/page-views.js";

export const designAnalyticsPageViews: QueryResolvers["designAnalyticsPageViews"] = async (_p, { designId, ...args }, ctx) =>
  pageViews(ctx, await analyticsReader(ctx, designId), designId, args);
