import type { FolderDesignSummaryResolvers } from "../__generated__/resolvers-types.js";
import { designUrls, firstPageThumbnail } from "../../designs/public.js";

export const FolderDesignSummary: FolderDesignSummaryResolvers = {
  urls: (design, _a, ctx) => designUrls(ctx, design.id),
  thumbnail: (design, _a, ctx) => firstPageThumbnail(ctx, design),
};
