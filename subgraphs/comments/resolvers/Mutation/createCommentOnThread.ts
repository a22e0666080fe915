import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createReply } from "../../domain/replies.js";

/** The deprecated create reply: `commentId` is the parent comment, which is the thread. */
export const createCommentOnThread: MutationResolvers["createCommentOnThread"] = (_p, { attachedTo, commentId, message }, ctx) =>
  createReply(ctx, requireDesignPrincipal(ctx.auth), { designId: attachedTo.designId, threadId: commentId, message, messageField: "message" });
