import type { CommentThread, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError } from "../../../lib/errors.js";
import type { CommentsContext } from "../context.js";
import { commentableDesignTeam, rowOfDesign } from "./access.js";
import { announce, recordForIntegrations } from "./events.js";
import { newCommentId } from "./ids.js";
import { pageOf, type PageArgs } from "./listing.js";
import { checkedMessage, mentionedAssignee, resolveMentions } from "./messages.js";

export interface NewThread {
  designId: string;
  message: string;
  assigneeId?: string | null;
  /** The input field the message came in (`message_plaintext`, or the deprecated `message`). */
  messageField: string;
}

/** A new comment thread by the caller on a design of the caller's team. */
export async function createThread(ctx: CommentsContext, principal: DesignPrincipal, input: NewThread): Promise<CommentThread> {
  const message = checkedMessage(input.message, input.messageField);
  const teamId = await commentableDesignTeam(ctx, principal, input.designId);
  const mentions = await resolveMentions(ctx.db, message, teamId);
  const assigneeId = mentionedAssignee(input.assigneeId, mentions);
  return addThread(ctx, teamId, { designId: input.designId, authorId: principal.userId, message, mentions, assigneeId });
}

/**
 * Adds a thread (a comment or a suggestion) to a design of `teamId`. The design's counter row is raised
 * in the same transaction only while under the limit: concurrent creates at the limit cannot both pass.
 */
export async function addThread(ctx: CommentsContext, teamId: string, data: Omit<Prisma.CommentThreadUncheckedCreateInput, "id">): Promise<CommentThread> {
  const thread = await ctx.db.$transaction(async (tx) => {
    await tx.commentDesign.createMany({ data: [{ designId: data.designId }], skipDuplicates: true });
    const counted = await tx.commentDesign.updateMany({
      where: { designId: data.designId, threadCount: { lt: ctx.limits.threadsPerDesign } },
      data: { threadCount: { increment: 1 } },
    });
    if (counted.count === 0) throw new ForbiddenError("The design already holds the maximum number of comments", { reason: "COMMENT_LIMIT_REACHED" });
    const created = await tx.commentThread.create({ data: { id: newCommentId("C"), ...data } });
    await recordForIntegrations(tx, created, teamId);
    return created;
  });
  ctx.loaders.threadById.prime(thread.id, thread);
  await announce(ctx, "thread", thread);
  return thread;
}

/** A thread of the design, for members of its team; the thread is not found when it is not that design's. */
export async function readThread(ctx: CommentsContext, principal: DesignPrincipal, designId: string, threadId: string): Promise<CommentThread> {
  await commentableDesignTeam(ctx, principal, designId);
  return rowOfDesign((id) => ctx.loaders.threadById.load(id), threadId, designId, "thread");
}

/** The design's threads, oldest first. */
export async function listThreads(ctx: CommentsContext, principal: DesignPrincipal, designId: string, args: PageArgs) {
  await commentableDesignTeam(ctx, principal, designId);
  const listing = JSON.stringify(["threads", principal.teamId, designId]);
  const page = await pageOf(ctx, listing, args, (skip, take) =>
    ctx.db.commentThread.findMany({ where: { designId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip, take }),
  );
  for (const thread of page.items) ctx.loaders.threadById.prime(thread.id, thread);
  return page;
}
