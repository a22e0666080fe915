import type { CommentReply } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError } from "../../../lib/errors.js";
import type { CommentsContext } from "../context.js";
import { commentableDesignTeam, missing, rowOfDesign } from "./access.js";
import { announce, recordForIntegrations } from "./events.js";
import { newCommentId } from "./ids.js";
import { pageOf, type PageArgs } from "./listing.js";
import { checkedMessage, resolveMentions } from "./messages.js";

export interface NewReply {
  designId: string;
  /** The thread, or the deprecated API's parent comment (the same id). */
  threadId: string;
  message: string;
  messageField: string;
}

/**
 * A new reply by the caller. An unknown design or a thread that is not the design's is not found
 * (the documented "design or comment not found"). The thread's reply counter is
 * raised in the same transaction only while under the limit, so concurrent replies cannot overshoot it.
 * A resolved thread is reopened by the reply.
 */
export async function createReply(ctx: CommentsContext, principal: DesignPrincipal, input: NewReply): Promise<CommentReply> {
  const message = checkedMessage(input.message, input.messageField);
  const teamId = await commentableDesignTeam(ctx, principal, input.designId);
  const thread = await rowOfDesign((id) => ctx.loaders.threadById.load(id), input.threadId, input.designId, "thread");
  const mentions = await resolveMentions(ctx.db, message, teamId);
  const reply = await ctx.db.$transaction(async (tx) => {
    const counted = await tx.commentThread.updateMany({
      where: { id: thread.id, replyCount: { lt: ctx.limits.repliesPerThread } },
      // A reply reopens a resolved thread: the conversation goes on.
      data: { replyCount: { increment: 1 }, resolverId: null, resolvedAt: null },
    });
    if (counted.count === 0) {
      if ((await tx.commentThread.count({ where: { id: thread.id } })) === 0) throw missing("thread");
      throw new ForbiddenError("The thread already holds the maximum number of replies", { reason: "REPLY_LIMIT_REACHED" });
    }
    const created = await tx.commentReply.create({
      data: { id: newCommentId("R"), threadId: thread.id, designId: thread.designId, authorId: principal.userId, message, mentions },
    });
    await recordForIntegrations(tx, created, teamId);
    return created;
  });
  ctx.loaders.replyById.prime(reply.id, reply);
  ctx.loaders.threadById.clear(thread.id);
  await announce(ctx, "reply", reply);
  return reply;
}

/** The thread's replies, oldest first; an unknown design or thread is not found. */
export async function listReplies(ctx: CommentsContext, principal: DesignPrincipal, designId: string, threadId: string, args: PageArgs) {
  await commentableDesignTeam(ctx, principal, designId);
  await rowOfDesign((id) => ctx.loaders.threadById.load(id), threadId, designId, "thread");
  const listing = JSON.stringify(["replies", principal.teamId, designId, threadId]);
  const page = await pageOf(ctx, listing, args, (skip, take) =>
    ctx.db.commentReply.findMany({ where: { threadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip, take }),
  );
  for (const reply of page.items) ctx.loaders.replyById.prime(reply.id, reply);
  return page;
}

/** A reply of the thread on the design; anything else is not found. */
export async function readReply(ctx: CommentsContext, principal: DesignPrincipal, designId: string, threadId: string, replyId: string): Promise<CommentReply> {
  await commentableDesignTeam(ctx, principal, designId);
  const reply = await rowOfDesign((id) => ctx.loaders.replyById.load(id), replyId, designId, "reply");
  if (reply.threadId !== threadId) throw missing("reply");
  return reply;
}
