import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createFolder as create } from "../../domain/folders.js";

export const createFolder: MutationResolvers["createFolder"] = (_p, input, ctx) => create(ctx, requireDesignPrincipal(ctx.auth), input);
