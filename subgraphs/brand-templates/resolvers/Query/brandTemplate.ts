import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { requireBrandTemplates, teamTemplate } from "../../domain/templates.js";

export const brandTemplate: QueryResolvers["brandTemplate"] = async (_p, { id }, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  await requireBrandTemplates(ctx, principal);
  return teamTemplate(ctx, principal, id);
};
