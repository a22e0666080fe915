import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { unlinkIdentity as unlink } from "../../domain/identities.js";
import { currentUser } from "../../domain/viewer.js";

export const unlinkIdentity: MutationResolvers["unlinkIdentity"] = async (_parent, { identityId }, ctx) => {
  const user = await currentUser(ctx);
  await unlink(ctx.db, user.id, identityId);
  return { message: "Identity unlinked successfully" };
};
