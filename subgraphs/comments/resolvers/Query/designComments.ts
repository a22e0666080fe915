import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { commentableDesignTeam } from "../../domain/access.js";
import { activityOf } from "../../domain/events.js";

/** The twin of the subscription: members of the design's team only. */
export const designComments: QueryResolvers["designComments"] = async (_p, { designId, activityId }, ctx) => {
  await commentableDesignTeam(ctx, requireDesignPrincipal(ctx.auth), designId);
  return activityOf(ctx, designId, activityId);
};
