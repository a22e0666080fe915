import type { MergedDesignSummaryResolvers } from "../__generated__/resolvers-types.js";
import { designUrls, firstPageThumbnail } from "../../designs/public.js";

export const MergedDesignSummary: MergedDesignSummaryResolvers = {
  url: (design, _a, ctx) => designUrls(ctx, design.id).editUrl,
  urls: (design, _a, ctx) => designUrls(ctx, design.id),
  thumbnail: (design, _a, ctx) => firstPageThumbnail(ctx, design),
};
