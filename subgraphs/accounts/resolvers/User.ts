import type { User as UserModel } from "../../../generated/prisma/client.js";
import type { UserResolvers } from "../__generated__/resolvers-types.js";
import type { AccountsContext } from "../context.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { assertMaySeePrivateFields, currentUser } from "../domain/viewer.js";

function privateField<T>(read: (user: UserModel, ctx: AccountsContext) => T | Promise<T>) {
  return async (user: UserModel, _args: unknown, ctx: AccountsContext): Promise<T> => {
    await assertMaySeePrivateFields(ctx, user);
    return read(user, ctx);
  };
}

export const User: UserResolvers = {
  /**
   * Other subgraphs reference users by id. A user's id and name are public (the authors of public
   * forum questions and answers are shown to anyone); every other field stays private, and a caller
   * with credentials must be a user that exists.
   */
  async __resolveReference(reference, ctx) {
    if (ctx.auth.status === "anonymous") return ctx.loaders.userById.load(reference.id);
    requirePrincipal(ctx.auth);
    // The caller is looked up beside the user asked for: one statement for both, not one after the other.
    const [, user] = await Promise.all([currentUser(ctx), ctx.loaders.userById.load(reference.id)]);
    return user;
  },
  email: privateField((user) => user.email),
  emailVerifiedAt: privateField((user) => user.emailVerifiedAt),
  roles: privateField((user) => user.roles),
  createdAt: privateField((user) => user.createdAt),
  identities: privateField((user, ctx) => ctx.loaders.identitiesByUserId.load(user.id)),
};
