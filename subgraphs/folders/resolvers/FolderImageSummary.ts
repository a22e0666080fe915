import type { FolderImageSummaryResolvers } from "../__generated__/resolvers-types.js";
import { imageThumbnail } from "../../assets/public.js";

export const FolderImageSummary: FolderImageSummaryResolvers = {
  thumbnail: (image, _a, ctx) => imageThumbnail(ctx.files, image),
};
