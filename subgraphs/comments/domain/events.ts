import type { CommentReply, CommentThread, Prisma } from "../../../generated/prisma/client.js";
import { createJobRow } from "../../../lib/jobs/engine.js";
import { integrationEventJob } from "../../../lib/jobs/integration-events.js";
import type { CommentsContext } from "../context.js";
import { mentionsOf } from "./messages.js";
import { COMMENT_EVENTS } from "../manifest.js";

export async function announce(ctx: CommentsContext, kind: "thread" | "reply", row: CommentThread | CommentReply): Promise<void> {
  await ctx.bus.publish(COMMENT_EVENTS, { designId: row.designId, kind, id: row.id });
}

/** Records, in the transaction creating it, that integrations are to hear of the thread or reply (webhooks). */
export async function recordForIntegrations(tx: Prisma.TransactionClient, row: CommentThread | CommentReply, teamId: string): Promise<void> {
  const isReply = "threadId" in row;
  await createJobRow(
    tx,
    integrationEventJob(row.authorId, {
      type: "comment",
      designId: row.designId,
      teamId,
      threadId: isReply ? row.threadId : row.id,
      ...(isReply ? { replyId: row.id } : {}),
      authorId: row.authorId,
      mentionedUserIds: mentionsOf(row).map((mention) => mention.userId),
      assigneeId: isReply ? null : row.assigneeId,
    }),
  );
}

/** Records, in the transaction resolving it, that integrations are to hear the thread was resolved by `resolverId`. */
export async function recordResolution(tx: Prisma.TransactionClient, thread: CommentThread, teamId: string, resolverId: number): Promise<void> {
  await createJobRow(
    tx,
    integrationEventJob(resolverId, {
      type: "comment",
      change: "resolved",
      designId: thread.designId,
      teamId,
      threadId: thread.id,
      authorId: resolverId,
      mentionedUserIds: [],
      assigneeId: null,
    }),
  );
}

export interface CommentActivity {
  designId: string;
  thread: CommentThread | null;
  reply: CommentReply | null;
}

/** The design's newest thread or reply (neither before its first comment). */
export async function newestActivity(ctx: CommentsContext, designId: string): Promise<CommentActivity> {
  const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const [thread, reply] = await Promise.all([
    ctx.db.commentThread.findFirst({ where: { designId }, orderBy: newestFirst }),
    ctx.db.commentReply.findFirst({ where: { designId }, orderBy: newestFirst }),
  ]);
  if (thread && reply) return reply.createdAt >= thread.createdAt ? { designId, thread: null, reply } : { designId, thread, reply: null };
  return { designId, thread, reply };
}

/** The thread or reply `activityId` of the design (an event's); the newest activity when it is not one of the design's. */
export async function activityOf(ctx: CommentsContext, designId: string, activityId: string | null | undefined): Promise<CommentActivity> {
  if (!activityId) return newestActivity(ctx, designId);
  const [thread, reply] = await Promise.all([
    ctx.db.commentThread.findFirst({ where: { id: activityId, designId } }),
    ctx.db.commentReply.findFirst({ where: { id: activityId, designId } }),
  ]);
  if (!thread && !reply) return newestActivity(ctx, designId);
  return { designId, thread: reply ? null : thread, reply };
}
