import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { requireRole } from "../../../../lib/auth/request-auth.js";
import { currentUser } from "../../domain/viewer.js";

export const users: QueryResolvers["users"] = async (_parent, _args, ctx) => {
  requireRole((await currentUser(ctx)).roles, "ADMIN");
  const all = await ctx.db.user.findMany({ orderBy: { id: "asc" } });
  for (const user of all) ctx.loaders.userById.prime(user.id, user);
  return all;
};
