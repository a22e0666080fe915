import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";
import { viewsOverTime } from "../../domain/views-over-time.js";

export const designAnalyticsViewsOverTime: QueryResolvers["designAnalyticsViewsOverTime"] = async (_p, { designId, ...args }, ctx) =>
  viewsOverTime(ctx, await analyticsReader(ctx, designId), designId, args);
