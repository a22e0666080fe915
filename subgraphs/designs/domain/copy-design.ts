import type { Design } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { DesignsContext } from "../context.js";
import { createDesignFromPages, pageNumbersProblem, teamPageSources } from "./page-copies.js";

/** The documented answer for a design the caller's team does not have (unknown and other teams' alike). */
export function designNotFound(designId: string): NotFoundError {
  return new NotFoundError(isResourceId(designId) ? `Design with id '${designId}' not found` : "Design not found", { entity: "design" });
}

/**
 * A copy of the caller's team's design, owned by the caller in the caller's team: every page, or the
 * pages `pageNumbers` names in that order (each a page of the design, none twice, at most 500). Same
 * title and kind; the copy is content, never swept as a blank design.
 */
export async function copyTeamDesign(ctx: DesignsContext, principal: DesignPrincipal, request: { designId: string; pageNumbers?: readonly number[] | null }): Promise<Design> {
  const source = (await teamPageSources(ctx.db, principal.teamId, [request.designId])).get(request.designId);
  if (!source) throw designNotFound(request.designId);
  const numbers = request.pageNumbers ?? Array.from({ length: source.pageCount }, (_, index) => index + 1);
  const problem = pageNumbersProblem(numbers, source.pageCount);
  if (problem) throw new ValidationError("page_numbers", problem);
  const copy = await createDesignFromPages(ctx.db, {
    ownerId: principal.userId,
    teamId: principal.teamId,
    title: source.title,
    typeKind: source.typeKind,
    preset: source.preset,
    pages: numbers.map((pageNumber) => ({ designId: source.id, pageNumber })),
    keep: true,
    budgets: ctx.limits.content,
  });
  // Pages removed between the check and the copy: the design as it is now has no such page.
  if (!copy) throw new ValidationError("page_numbers", "The design's pages changed while it was copied: try again");
  return ctx.db.design.findUniqueOrThrow({ where: { id: copy.id } });
}
