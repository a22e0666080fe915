import type { AutofillDesignSummaryResolvers } from "../__generated__/resolvers-types.js";
import { designUrls, firstPageThumbnail } from "../../designs/public.js";

export const AutofillDesignSummary: AutofillDesignSummaryResolvers = {
  url: (design, _a, ctx) => designUrls(ctx, design.id).editUrl,
  urls: (design, _a, ctx) => designUrls(ctx, design.id),
  thumbnail: (design, _a, ctx) => firstPageThumbnail(ctx, design),
};
