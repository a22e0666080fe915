import type { BrandTemplate, BrandTemplateField, PrismaClient } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ConflictError, ValidationError } from "../../../lib/errors.js";
import { createDesignFromPages, designNotFound, designTeams, pageNumbersProblem, teamPageSources, type ContentBudgets } from "../../designs/public.js";

/** Records a design's dataset: the template's fields (in its order) whose elements the design holds (all, when `kept` is absent). */
export async function recordDataset(db: Pick<PrismaClient, "designDataField">, designId: string, fields: readonly BrandTemplateField[], kept?: ReadonlySet<string>): Promise<void> {
  const held = kept ? fields.filter((field) => kept.has(field.elementId)) : fields;
  await db.designDataField.createMany({ data: held.map((field) => ({ designId, name: field.name, type: field.type, position: field.position })), skipDuplicates: true });
}

/**
 * A new design of `ownerId` in `teamId` from the template: a copy of its snapshot's pages (all, or
 * those `pageNumbers` names in that order: each a page of it, none twice, at most 500; else a
 * `BAD_USER_INPUT` naming `page_numbers`), with the template's title and design type, and as its dataset
 * the template's fields whose elements it holds. Written in one transaction; returns the design's id.
 */
export async function designFromTemplate(db: PrismaClient, template: BrandTemplate, fields: readonly BrandTemplateField[], owner: { userId: number; teamId: string }, budgets: ContentBudgets, pageNumbers?: readonly number[] | null): Promise<string> {
  const snapshot = (await teamPageSources(db, template.id, [template.designId])).get(template.designId);
  if (!snapshot) throw new ConflictError("The brand template's pages are gone");
  const numbers = pageNumbers ?? Array.from({ length: snapshot.pageCount }, (_, index) => index + 1);
  const problem = pageNumbersProblem(numbers, snapshot.pageCount);
  if (problem) throw new ValidationError("page_numbers", problem);
  return db.$transaction(async (tx) => {
    const made = await createDesignFromPages(tx, {
      ownerId: owner.userId,
      teamId: owner.teamId,
      sourceTeamId: template.id,
      title: template.title,
      typeKind: snapshot.typeKind,
      preset: snapshot.preset,
      pages: numbers.map((pageNumber) => ({ designId: snapshot.id, pageNumber })),
      keep: true,
      budgets,
    });
    if (!made) throw new ConflictError("The brand template's pages are gone");
    await recordDataset(tx, made.id, fields, new Set(made.elementCopies.keys()));
    return made.id;
  });
}

/** The dataset of the caller's team's design (empty for a design not made from a template); another team's design is not found, as an unknown one. */
export async function teamDesignDataset(db: PrismaClient, principal: DesignPrincipal, designId: string) {
  const teams = await designTeams(db, [designId]);
  if (teams.get(designId) !== principal.teamId) throw designNotFound(designId);
  return db.designDataField.findMany({ where: { designId }, orderBy: { position: "asc" } });
}
