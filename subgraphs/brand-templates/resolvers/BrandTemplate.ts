import type { BrandTemplateResolvers } from "../__generated__/resolvers-types.js";
import { designUrls, firstPageThumbnail } from "../../designs/public.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { createLink } from "../domain/create-links.js";

/** Links and thumbnail are those of the template's snapshot design (see the schema). */
export const BrandTemplate: BrandTemplateResolvers = {
  viewUrl: (template, _a, ctx) => designUrls(ctx, template.designId).viewUrl,
  /** Made for the caller: opening it makes a design of theirs from the template (see create-page.ts). */
  createUrl: (template, _a, ctx) => createLink(ctx.publicUrl, ctx.createLinkKey, template.id, requireDesignPrincipal(ctx.auth)),
  thumbnail: (template, _a, ctx) => firstPageThumbnail(ctx, { id: template.designId, updatedAt: template.updatedAt }),
};
