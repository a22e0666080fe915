import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { teamOf } from "../../domain/teams.js";

export const designMe: QueryResolvers["designMe"] = async (_p, _a, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  return { userId: principal.subject, teamId: (await teamOf(ctx.db, principal.userId)).id };
};
