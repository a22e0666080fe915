import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { limitByAddress } from "../../domain/address-limits.js";
import { linkIdentity as link } from "../../domain/identities.js";
import { currentUser } from "../../domain/viewer.js";

export const linkIdentity: MutationResolvers["linkIdentity"] = async (_parent, { input }, ctx) => {
  await limitByAddress(ctx, "credential-check");
  const user = await currentUser(ctx);
  await link(ctx.db, user.id, input, ctx.signIn);
  return { message: "Identity linked successfully" };
};
