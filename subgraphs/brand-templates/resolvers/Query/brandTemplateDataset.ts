import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { requireBrandTemplates, teamTemplate, templateFields } from "../../domain/templates.js";

export const brandTemplateDataset: QueryResolvers["brandTemplateDataset"] = async (_p, { id }, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  await requireBrandTemplates(ctx, principal);
  return templateFields(ctx, (await teamTemplate(ctx, principal, id)).id);
};
