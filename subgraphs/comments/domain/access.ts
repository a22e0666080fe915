import type { CommentThread } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { CommentsContext } from "../context.js";

/** What a comment operation may find missing. */
export type Missing = "design" | "thread" | "reply";

const MESSAGES: Record<Missing, string> = {
  design: "Design not found",
  thread: "Thread not found",
  reply: "Reply not found",
};

export function missing(entity: Missing): NotFoundError {
  return new NotFoundError(MESSAGES[entity], { entity });
}

/**
 * The team of a design the caller may comment on and read comments of: members of the design's team.
 * An unknown design is not found; another team's design is forbidden (the documented "not allowed to comment").
 */
export async function commentableDesignTeam(ctx: CommentsContext, principal: DesignPrincipal, designId: string): Promise<string> {
  const teamId = isResourceId(designId) ? await ctx.loaders.designTeamById.load(designId) : null;
  if (teamId === null) throw missing("design");
  if (teamId !== principal.teamId) throw new ForbiddenError("Not allowed to comment on this design");
  return teamId;
}

/** A row of `designId` by id from `load`, or not found as `entity` (unknown, malformed, or of another design). */
export async function rowOfDesign<Row extends { designId: string }>(
  load: (id: string) => Promise<Row | null>,
  id: string,
  designId: string,
  entity: Missing,
): Promise<Row> {
  const row = isResourceId(id) ? await load(id) : null;
  if (!row || row.designId !== designId) throw missing(entity);
  return row;
}

/**
 * A thread of a design of the caller's team, and that team. An unknown design, another team's design
 * and a thread not of the design are all the same not found: nothing tells another team's ids apart.
 */
export async function threadOfCallersTeam(
  ctx: CommentsContext,
  principal: DesignPrincipal,
  designId: string,
  threadId: string,
): Promise<{ thread: CommentThread; teamId: string }> {
  const teamId = isResourceId(designId) ? await ctx.loaders.designTeamById.load(designId) : null;
  if (teamId === null || teamId !== principal.teamId) throw missing("thread");
  return { thread: await rowOfDesign((id) => ctx.loaders.threadById.load(id), threadId, designId, "thread"), teamId };
}
