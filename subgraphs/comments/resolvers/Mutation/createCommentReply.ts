import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createReply } from "../../domain/replies.js";

export const createCommentReply: MutationResolvers["createCommentReply"] = (_p, { designId, threadId, messagePlaintext }, ctx) =>
  createReply(ctx, requireDesignPrincipal(ctx.auth), { designId, threadId, message: messagePlaintext, messageField: "message_plaintext" });
