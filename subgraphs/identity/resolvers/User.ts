import { requireSelfOrStaff } from "../../../lib/auth/request-auth.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { capabilitiesOf } from "../domain/teams.js";
import { designUserId } from "../../../lib/auth/design-principal.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  designUserId: (user) => designUserId(user.id),
  team: (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "team");
    return ctx.loaders.teamByUserId.load(user.id);
  },
  capabilities: async (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "capabilities");
    return capabilitiesOf((await ctx.loaders.teamByUserId.load(user.id)).plan);
  },
};
