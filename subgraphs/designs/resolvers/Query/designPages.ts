import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { visibleDesign } from "../../domain/designs.js";
import { pagesOf } from "../../domain/pages.js";

export const designPages: QueryResolvers["designPages"] = async (_p, { designId, offset, limit }, ctx) => {
  const design = await visibleDesign(ctx, requireDesignPrincipal(ctx.auth), designId);
  return pagesOf(ctx, design.id, offset ?? undefined, limit ?? undefined);
};
