import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";

export const designProfileName: QueryResolvers["designProfileName"] = async (_p, _a, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  return (await ctx.db.tokenFamily.findUniqueOrThrow({ where: { id: principal.familyId } })).userName;
};
