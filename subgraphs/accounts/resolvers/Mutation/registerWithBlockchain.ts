import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { limitByAddress } from "../../domain/address-limits.js";
import { registerWithBlockchain as register } from "../../domain/registration.js";

export const registerWithBlockchain: MutationResolvers["registerWithBlockchain"] = async (_parent, { input }, ctx) => {
  await limitByAddress(ctx, "registration");
  const user = await register(ctx.db, input, ctx.bootstrap, ctx.signIn);
  return { message: "User registered successfully", userId: user.id };
};
