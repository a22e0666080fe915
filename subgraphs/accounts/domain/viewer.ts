import type { User } from "../../../generated/prisma/client.js";
import { hasRole } from "../../../lib/auth/business-token.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, UnauthenticatedError } from "../../../lib/errors.js";
import type { AccountsContext } from "../context.js";

/** The caller as stored now (roles may have changed since the token was issued). */
export async function currentUser(ctx: AccountsContext): Promise<User> {
  const principal = requirePrincipal(ctx.auth);
  const user = await ctx.loaders.userById.load(principal.userId);
  if (!user) throw new UnauthenticatedError("User no longer exists");
  return user;
}

/** Private user fields are for the user themself and for STAFF, ADMIN and SUPERUSER. */
export async function assertMaySeePrivateFields(ctx: AccountsContext, subject: User): Promise<void> {
  const viewer = await currentUser(ctx);
  if (viewer.id !== subject.id && !hasRole(viewer.roles, "STAFF", "ADMIN")) {
    throw new ForbiddenError("Forbidden: you can only see your own account details");
  }
}
