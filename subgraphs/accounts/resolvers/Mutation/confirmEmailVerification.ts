import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { confirmEmailVerification as confirm } from "../../domain/email-verification.js";

export const confirmEmailVerification: MutationResolvers["confirmEmailVerification"] = async (_parent, { token }, ctx) => {
  const email = await confirm(ctx.db, token);
  return { message: `Email ${email} verified` };
};
