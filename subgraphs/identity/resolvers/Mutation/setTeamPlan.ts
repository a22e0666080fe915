import { requirePrincipal, requireRole } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setPlan } from "../../domain/teams.js";

export const setTeamPlan: MutationResolvers["setTeamPlan"] = (_p, { teamId, plan }, ctx) => {
  requireRole(requirePrincipal(ctx.auth).roles, "ADMIN");
  return setPlan(ctx.db, teamId, plan);
};
