import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { CommentsContext } from "../context.js";

/** The documented 404 codes of the comment operations. */
export type MissingCode = "design_not_found" | "thread_not_found" | "design_or_thread_not_found" | "reply_not_found";

const MESSAGES: Record<MissingCode, string> = {
  design_not_found: "Design not found",
  thread_not_found: "Thread not found",
  design_or_thread_not_found: "Design or thread not found",
  reply_not_found: "Reply not found",
};

export function missing(code: MissingCode): NotFoundError {
  return new NotFoundError(MESSAGES[code], { designCode: code });
}

/**
 * The team of a design the caller may comment on and read comments of: members of the design's team.
 * An unknown design is 404 with `missingCode`; another team's design is 403 `permission_denied` (the
 * documented "not allowed to comment").
 */
export async function commentableDesignTeam(ctx: CommentsContext, principal: DesignPrincipal, designId: string, missingCode: MissingCode): Promise<string> {
  const teamId = isResourceId(designId) ? await ctx.loaders.designTeamById.load(designId) : null;
  if (teamId === null) throw missing(missingCode);
  if (teamId !== principal.teamId) throw new ForbiddenError("Not allowed to comment on this design", { designCode: "permission_denied" });
  return teamId;
}

/** A row of `designId` by id from `load`, or 404 `missingCode` (unknown, malformed, or of another design). */
export async function rowOfDesign<Row extends { designId: string }>(
  load: (id: string) => Promise<Row | null>,
  id: string,
  designId: string,
  missingCode: MissingCode,
): Promise<Row> {
  const row = isResourceId(id) ? await load(id) : null;
  if (!row || row.designId !== designId) throw missing(missingCode);
  return row;
}
