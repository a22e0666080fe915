import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setResolved } from "../../domain/resolution.js";

export const resolveCommentThread: MutationResolvers["resolveCommentThread"] = (_p, { designId, threadId }, ctx) =>
  setResolved(ctx, requireDesignPrincipal(ctx.auth), designId, threadId, true);
