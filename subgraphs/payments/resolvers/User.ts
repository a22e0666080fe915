import { requireSelfOrStaff } from "../../../lib/auth/request-auth.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  invoices: (user, _args, ctx) => {
    requireSelfOrStaff(ctx.auth, user.id, "invoices");
    return ctx.loaders.invoicesByClientId.load(user.id);
  },
};
