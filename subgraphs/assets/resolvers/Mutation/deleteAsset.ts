import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { trashAsset } from "../../domain/assets.js";

export const deleteAsset: MutationResolvers["deleteAsset"] = async (_p, { id }, ctx) => {
  await trashAsset(ctx, requireDesignPrincipal(ctx.auth), id);
  return true;
};
