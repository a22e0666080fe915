import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { limitByAddress } from "../../domain/address-limits.js";
import { loginWithBlockchain as login } from "../../domain/login.js";

export const loginWithBlockchain: MutationResolvers["loginWithBlockchain"] = async (_parent, { input }, ctx) => {
  await limitByAddress(ctx, "credential-check");
  return { token: await login({ db: ctx.db, tokens: ctx.tokens, failures: ctx.limits.loginFailures, signIn: ctx.signIn }, input) };
};
