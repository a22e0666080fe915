import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteFolder as remove } from "../../domain/deletion.js";

export const deleteFolder: MutationResolvers["deleteFolder"] = (_p, { id }, ctx) => remove(ctx, requireDesignPrincipal(ctx.auth), id);
