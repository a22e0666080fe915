import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { moveItem } from "../../domain/moves.js";

export const moveFolderItem: MutationResolvers["moveFolderItem"] = (_p, { itemId, toFolderId }, ctx) => moveItem(ctx, requireDesignPrincipal(ctx.auth), itemId, toFolderId);
