import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { designFromTemplate } from "../../domain/template-designs.js";
import { requireBrandTemplates, teamTemplate, templateFields } from "../../domain/templates.js";

export const createDesignFromBrandTemplate: MutationResolvers["createDesignFromBrandTemplate"] = async (_p, { brandTemplateId, pageNumbers }, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  await requireBrandTemplates(ctx, principal);
  const template = await teamTemplate(ctx, principal, brandTemplateId);
  return { id: await designFromTemplate(ctx.db, template, await templateFields(ctx, template.id), principal, pageNumbers) };
};
