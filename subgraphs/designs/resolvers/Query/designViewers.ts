import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { designViewers as viewersOf } from "../../domain/editing/presence.js";

/** The twin of the subscription: members of the design's team only. */
export const designViewers: QueryResolvers["designViewers"] = (_p, { designId }, ctx) => viewersOf(ctx, requireDesignPrincipal(ctx.auth), designId);
