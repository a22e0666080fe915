import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { editDesign as edit } from "../../domain/editing/edit-design.js";

export const editDesign: MutationResolvers["editDesign"] = (_p, { designId, operations, baseVersion }, ctx) =>
  edit(ctx, requireDesignPrincipal(ctx.auth), { designId, operations, baseVersion });
