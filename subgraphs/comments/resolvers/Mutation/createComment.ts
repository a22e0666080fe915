import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createThread } from "../../domain/threads.js";

/** The deprecated create comment: a parent comment is a thread. */
export const createComment: MutationResolvers["createComment"] = (_p, { attachedTo, message, assigneeId }, ctx) =>
  createThread(ctx, requireDesignPrincipal(ctx.auth), { designId: attachedTo.designId, message, assigneeId, messageField: "message" });
