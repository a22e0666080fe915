import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listTemplates } from "../../domain/templates.js";

export const brandTemplates: QueryResolvers["brandTemplates"] = (_p, args, ctx) => listTemplates(ctx, requireDesignPrincipal(ctx.auth), args);
