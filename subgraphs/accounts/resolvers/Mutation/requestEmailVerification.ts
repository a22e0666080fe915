import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { requestEmailVerification as request } from "../../domain/email-verification.js";
import { currentUser } from "../../domain/viewer.js";

export const requestEmailVerification: MutationResolvers["requestEmailVerification"] = async (_parent, _args, ctx) => {
  const user = await currentUser(ctx);
  const deps = { db: ctx.db, log: ctx.log, requests: ctx.limits.emailVerificationRequests, settings: ctx.emailVerification };
  const { email, expiresAt } = await request(deps, user.id);
  return { message: "Verification link sent", email, expiresAt };
};
