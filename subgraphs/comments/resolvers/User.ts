import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";

export const User: UserResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  /** Empty for a user that no longer exists (a comment outlives its author's account). */
  displayName: async (user, _a, ctx) => {
    requireDesignPrincipal(ctx.auth);
    return (await ctx.loaders.userNameById.load(user.id)) ?? "";
  },
};
