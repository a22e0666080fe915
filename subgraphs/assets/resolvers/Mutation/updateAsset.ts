import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateAsset as update } from "../../domain/assets.js";

export const updateAsset: MutationResolvers["updateAsset"] = (_p, { id, name, tags }, ctx) =>
  update(ctx, requireDesignPrincipal(ctx.auth), id, { name, tags });
