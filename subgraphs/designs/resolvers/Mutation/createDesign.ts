import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createDesign as create } from "../../domain/designs.js";

export const createDesign: MutationResolvers["createDesign"] = (_p, { input }, ctx) => create(ctx, requireDesignPrincipal(ctx.auth), input);
