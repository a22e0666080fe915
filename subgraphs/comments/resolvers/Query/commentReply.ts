import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { readReply } from "../../domain/replies.js";

export const commentReply: QueryResolvers["commentReply"] = (_p, { designId, threadId, replyId }, ctx) =>
  readReply(ctx, requireDesignPrincipal(ctx.auth), designId, threadId, replyId);
