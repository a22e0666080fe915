import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { changeRole, OPERATOR_ACTOR } from "../../domain/roles.js";
import { currentUser } from "../../domain/viewer.js";

export const promoteRole: MutationResolvers["promoteRole"] = async (_parent, { userId, role }, ctx) => ({
  message: await changeRole(ctx, requireCaller(ctx.auth).operator ? OPERATOR_ACTOR : await currentUser(ctx), "promote", userId, role),
});
