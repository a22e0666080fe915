import type { CommentReply, CommentThread, PrismaClient } from "../../generated/prisma/client.js";
import { mentionsOf, mentionTag, type StoredMention } from "./domain/messages.js";
import { suggestedEditsOf, type SuggestedEdit } from "./domain/suggestions.js";

/**
 * What other domains may ask of the comments domain: the thread (and reply) an integration event
 * names, as they stand, for the webhooks domain to tell integrations what happened in the
 * specification's words. Nothing else of `subgraphs/comments/` is theirs to import.
 */
export type { StoredMention, SuggestedEdit };
export { mentionTag };

export interface NotifiedThread {
  row: CommentThread;
  mentions: StoredMention[];
  /** A suggestion thread's edits (empty for a comment thread). */
  suggestedEdits: SuggestedEdit[];
}

export interface NotifiedReply {
  row: CommentReply;
  mentions: StoredMention[];
}

/** The thread and (when `replyId` is given) its reply; null when either is gone or they do not belong together. */
export async function commentOfEvent(db: PrismaClient, threadId: string, replyId?: string): Promise<{ thread: NotifiedThread; reply: NotifiedReply | null } | null> {
  const [thread, reply] = await Promise.all([
    db.commentThread.findUnique({ where: { id: threadId } }),
    replyId ? db.commentReply.findUnique({ where: { id: replyId } }) : null,
  ]);
  if (!thread || (replyId && (!reply || reply.threadId !== thread.id))) return null;
  return {
    thread: { row: thread, mentions: mentionsOf(thread), suggestedEdits: thread.kind === "suggestion" ? suggestedEditsOf(thread) : [] },
    reply: reply ? { row: reply, mentions: mentionsOf(reply) } : null,
  };
}
