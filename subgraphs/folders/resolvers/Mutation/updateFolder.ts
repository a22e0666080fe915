import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { renameFolder } from "../../domain/folders.js";

export const updateFolder: MutationResolvers["updateFolder"] = (_p, { id, name }, ctx) => renameFolder(ctx, requireDesignPrincipal(ctx.auth), id, name);
