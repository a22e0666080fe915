import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listDesigns } from "../../domain/listing.js";

export const designs: QueryResolvers["designs"] = (_p, args, ctx) => listDesigns(ctx, requireDesignPrincipal(ctx.auth), args);
