import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";

export const designMe: QueryResolvers["designMe"] = async (_p, _a, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  return { userId: principal.subject, teamId: (await ctx.loaders.teamByUserId.load(principal.userId)).id };
};
