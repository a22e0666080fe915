import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { changeOf } from "../../domain/editing/history.js";

/** The twin of the subscription: members of the design's team only. */
export const designChanged: QueryResolvers["designChanged"] = (_p, { designId, version }, ctx) => changeOf(ctx, requireDesignPrincipal(ctx.auth), designId, version);
