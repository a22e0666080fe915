import { requireCaller, requireRole } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { currentUser } from "../../domain/viewer.js";

export const userIdByEmail: QueryResolvers["userIdByEmail"] = async (_parent, { email }, ctx) => {
  if (!requireCaller(ctx.auth).operator) requireRole((await currentUser(ctx)).roles, "ADMIN");
  const identity = await ctx.db.identity.findUnique({
    where: { type_identifier: { type: "email_password", identifier: email.trim().toLowerCase() } },
  });
  return identity?.userId ?? null;
};
