import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createThread } from "../../domain/threads.js";

export const createCommentThread: MutationResolvers["createCommentThread"] = (_p, { designId, messagePlaintext, assigneeId }, ctx) =>
  createThread(ctx, requireDesignPrincipal(ctx.auth), { designId, message: messagePlaintext, assigneeId, messageField: "message_plaintext" });
