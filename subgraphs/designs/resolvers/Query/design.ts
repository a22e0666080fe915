import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { visibleDesign } from "../../domain/designs.js";

export const design: QueryResolvers["design"] = (_p, { id }, ctx) => visibleDesign(ctx, requireDesignPrincipal(ctx.auth), id);
