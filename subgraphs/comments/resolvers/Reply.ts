import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { ReplyResolvers } from "../__generated__/resolvers-types.js";
import { commentFields } from "./comment-fields.js";

export const Reply: ReplyResolvers = {
  /** Only members of the reply's design's team see it. */
  __resolveReference: async (key, ctx) => {
    const principal = requireDesignPrincipal(ctx.auth, ["comment:read"]);
    const reply = await ctx.loaders.replyById.load(key.id);
    return reply && (await ctx.loaders.designTeamById.load(reply.designId)) === principal.teamId ? reply : null;
  },
  ...commentFields,
};
