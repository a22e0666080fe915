import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";
import { listViewers } from "../../domain/viewers.js";

export const designAnalyticsViewers: QueryResolvers["designAnalyticsViewers"] = async (_p, { designId, ...args }, ctx) =>
  listViewers(ctx, await analyticsReader(ctx, designId), designId, args);
