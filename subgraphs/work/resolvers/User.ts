import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError } from "../../../lib/errors.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { isStaff } from "../domain/access.js";

export const User: UserResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  /** A user's projects are for the user themself and for staff. */
  projects: (user, _args, ctx) => {
    const principal = requirePrincipal(ctx.auth);
    if (principal.userId !== user.id && !isStaff(principal)) {
      throw new ForbiddenError("Forbidden: you can only see your own projects");
    }
    return ctx.loaders.approvedProjectsByClientId.load(user.id);
  },
};
