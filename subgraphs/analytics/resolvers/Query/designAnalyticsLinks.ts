import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { analyticsReader } from "../../domain/design-access.js";
import { listLinks } from "../../domain/links.js";

export const designAnalyticsLinks: QueryResolvers["designAnalyticsLinks"] = async (_p, { designId, ...args }, ctx) =>
  listLinks(ctx, await analyticsReader(ctx, designId), designId, args);
