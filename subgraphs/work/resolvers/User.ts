import { requireSelfOrStaff } from "../../../lib/auth/request-auth.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";

export const User: UserResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  projects: (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "projects");
    return ctx.loaders.approvedProjectsByClientId.load(user.id);
  },
};
