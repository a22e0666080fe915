import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";

export const designMe: QueryResolvers["designMe"] = (_p, _a, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  return { userId: principal.subject, teamId: principal.teamId };
};
