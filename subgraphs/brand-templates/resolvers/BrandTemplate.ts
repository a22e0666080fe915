import type { BrandTemplateResolvers } from "../__generated__/resolvers-types.js";
import { designUrls, firstPageThumbnail } from "../../designs/public.js";

/** Links and thumbnail are those of the template's snapshot design (see the schema). */
export const BrandTemplate: BrandTemplateResolvers = {
  viewUrl: (template, _a, ctx) => designUrls(ctx, template.designId).viewUrl,
  createUrl: (template, _a, ctx) => designUrls(ctx, template.designId).editUrl,
  thumbnail: (template, _a, ctx) => firstPageThumbnail(ctx, { id: template.designId, updatedAt: template.updatedAt }),
};
