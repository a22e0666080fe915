import type { CommentThread } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { BadRequestError } from "../../../lib/errors.js";
import type { CommentsContext } from "../context.js";
import { missing, threadOfCallersTeam } from "./access.js";
import { announce, recordResolution } from "./events.js";

/**
 * Resolves (`resolved` true: the caller becomes the resolver) or reopens a comment thread of a design of
 * the caller's team. Only a change is written, in one conditional update: resolving a resolved thread
 * (or two resolves at once) keeps the first resolver and records one event; reopening an open thread
 * changes nothing. A resolution is told to integrations; both are announced to the design's subscribers.
 */
export async function setResolved(ctx: CommentsContext, principal: DesignPrincipal, designId: string, threadId: string, resolved: boolean): Promise<CommentThread> {
  const { thread, teamId } = await threadOfCallersTeam(ctx, principal, designId, threadId);
  if (thread.kind !== "comment") {
    throw new BadRequestError("A suggestion thread is accepted or rejected, not resolved", { reason: "NOT_A_COMMENT_THREAD" });
  }
  const { row, changed } = await ctx.db.$transaction(async (tx) => {
    const change = resolved ? { resolverId: principal.userId, resolvedAt: new Date() } : { resolverId: null, resolvedAt: null };
    const updated = await tx.commentThread.updateMany({ where: { id: thread.id, resolverId: resolved ? null : { not: null } }, data: change });
    const current = await tx.commentThread.findUnique({ where: { id: thread.id } });
    if (!current) throw missing("thread");
    if (updated.count === 1 && resolved) await recordResolution(tx, current, teamId, principal.userId);
    return { row: current, changed: updated.count === 1 };
  });
  ctx.loaders.threadById.clear(row.id).prime(row.id, row);
  if (changed) await announce(ctx, "thread", row);
  return row;
}
