import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { requireRole } from "../../../../lib/auth/request-auth.js";
import { pendingEmailVerification as pending } from "../../domain/email-verification.js";
import { currentUser } from "../../domain/viewer.js";

export const pendingEmailVerification: QueryResolvers["pendingEmailVerification"] = async (_parent, { userId }, ctx) => {
  requireRole((await currentUser(ctx)).roles, "ADMIN");
  return pending(ctx.db, ctx.emailVerification, userId);
};
