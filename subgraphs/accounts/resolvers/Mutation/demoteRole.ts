import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { changeRole } from "../../domain/roles.js";
import { currentUser } from "../../domain/viewer.js";

export const demoteRole: MutationResolvers["demoteRole"] = async (_parent, { userId, role }, ctx) => ({
  message: await changeRole(ctx, await currentUser(ctx), "demote", userId, role),
});
