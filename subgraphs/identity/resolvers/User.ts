import { requireSelfOrStaff } from "../../../lib/auth/request-auth.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { capabilitiesOf, designUserId, teamOf } from "../domain/teams.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  designUserId: (user) => designUserId(user.id),
  team: (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "team");
    return teamOf(ctx.db, user.id);
  },
  capabilities: async (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "capabilities");
    return capabilitiesOf((await teamOf(ctx.db, user.id)).plan);
  },
};
