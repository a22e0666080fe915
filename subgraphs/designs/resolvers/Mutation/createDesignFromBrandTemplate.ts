import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createDesignFromTeamTemplate } from "../../../brand-templates/public.js";

export const createDesignFromBrandTemplate: MutationResolvers["createDesignFromBrandTemplate"] = async (_p, { brandTemplateId, pageNumbers }, ctx) => {
  const designId = await createDesignFromTeamTemplate(ctx.db, requireDesignPrincipal(ctx.auth), { brandTemplateId, pageNumbers, budgets: ctx.limits.content });
  return ctx.db.design.findUniqueOrThrow({ where: { id: designId } });
};
