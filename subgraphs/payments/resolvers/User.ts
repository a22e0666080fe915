import { isStaff, requirePrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError } from "../../../lib/errors.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  /** A user's invoices are for the user themself and for staff. */
  invoices: (user, _args, ctx) => {
    const principal = requirePrincipal(ctx.auth);
    if (principal.userId !== user.id && !isStaff(principal)) {
      throw new ForbiddenError("Forbidden: you can only see your own invoices");
    }
    return ctx.loaders.invoicesByClientId.load(user.id);
  },
};
