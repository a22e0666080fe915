import type { BrandTemplate, BrandTemplateFieldType, DesignElement } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { requiredText } from "../../../lib/validation.js";
import { createTemplateSnapshot, templateSourceElements } from "../../designs/public.js";
import type { BrandTemplatesContext } from "../context.js";
import { legacyIdExpiry, newLegacyTemplateId, newTemplateId } from "./template-ids.js";
import { requireBrandTemplates } from "./templates.js";

/** A data field's name: 1 to 50 letters, digits, `_` or `-` (documented). */
export const FIELD_NAME = /^[A-Za-z0-9_-]{1,50}$/;
/** Most data fields one template declares (documented). */
export const FIELDS_MAX = 50;
const TITLE_MAX = 255;

export interface FieldDeclaration {
  name: string;
  type: BrandTemplateFieldType;
  elementId: string;
}

/** The element kinds a field of each type may fill: a chart is drawn in any element's box. */
const FILLABLE: Record<BrandTemplateFieldType, DesignElement["kind"][]> = { text: ["text"], image: ["image"], chart: ["text", "image", "shape"] };

function checkFields(fields: readonly FieldDeclaration[], elements: Pick<DesignElement, "id" | "kind">[]): void {
  if (fields.length > FIELDS_MAX) throw new ValidationError("fields", `A template declares at most ${FIELDS_MAX} data fields`);
  const kinds = new Map(elements.map((element) => [element.id, element.kind]));
  const names = new Set<string>();
  const filled = new Set<string>();
  for (const field of fields) {
    if (!FIELD_NAME.test(field.name)) throw new ValidationError("fields", "A data field's name is 1 to 50 letters, digits, `_` or `-`");
    if (names.has(field.name)) throw new ValidationError("fields", `Data field "${field.name}" is declared twice`);
    const kind = kinds.get(field.elementId);
    if (!kind) throw new ValidationError("fields", `Data field "${field.name}": the design has no element "${field.elementId.slice(0, 50)}"`);
    if (!FILLABLE[field.type].includes(kind)) throw new ValidationError("fields", `Data field "${field.name}": a ${field.type} field must fill a ${FILLABLE[field.type].join(" or ")} element, not a ${kind} element`);
    if (filled.has(field.elementId)) throw new ValidationError("fields", `Data field "${field.name}": another field fills the same element`);
    names.add(field.name);
    filled.add(field.elementId);
  }
}

/**
 * Publishes the caller's team's design as a brand template of the team with these data fields: the
 * template keeps a snapshot of the design's pages as they are now (a design held by no team), its
 * fields point at the snapshot's elements, and the design itself stays as it was and editable.
 */
export async function publishTemplate(ctx: BrandTemplatesContext, principal: DesignPrincipal, request: { designId: string; title?: string | null; fields?: readonly FieldDeclaration[] | null }): Promise<BrandTemplate> {
  await requireBrandTemplates(ctx, principal);
  if (!request.fields) {
    const published = await ctx.db.brandTemplate.findFirst({ where: { teamId: principal.teamId, sourceDesignId: request.designId }, orderBy: { createdAt: "desc" } });
    if (published) return republishTemplate(ctx, principal, published, request.title);
  }
  return publishNewTemplate(ctx, principal, { ...request, fields: request.fields ?? [] });
}

async function publishNewTemplate(ctx: BrandTemplatesContext, principal: DesignPrincipal, request: { designId: string; title?: string | null; fields: readonly FieldDeclaration[] }): Promise<BrandTemplate> {
  const source = await templateSourceElements(ctx.db, principal.teamId, request.designId);
  const title = request.title === undefined || request.title === null ? source.title : requiredText(request.title, "title", TITLE_MAX);
  checkFields(request.fields, source.elements);
  const id = newTemplateId();
  const designId = `D${id}`;
  const copies = await createTemplateSnapshot(ctx.db, { id: designId, sourceId: request.designId, teamId: principal.teamId, ownerId: principal.userId, holderKey: id, budgets: ctx.designBudgets });
  if (!copies || request.fields.some((field) => !copies.has(field.elementId))) {
    if (copies) await ctx.db.design.delete({ where: { id: designId } });
    throw new ConflictError("The design changed while it was published: publish it again");
  }
  const now = new Date();
  try {
    return await ctx.db.brandTemplate.create({
      data: {
        id,
        legacyId: newLegacyTemplateId(),
        legacyIdExpiresAt: legacyIdExpiry(now, ctx.settings.legacyIdMonths),
        title,
        titleKey: title.toLowerCase(),
        teamId: principal.teamId,
        ownerId: principal.userId,
        sourceDesignId: request.designId,
        designId,
        createdAt: now,
        fields: {
          create: request.fields.map((field, position) => ({ name: field.name, type: field.type, elementId: copies.get(field.elementId)!, sourceElementId: field.elementId, position })),
        },
      },
    });
  } catch (error) {
    await ctx.db.design.delete({ where: { id: designId } });
    throw error;
  }
}

/**
 * Publishes the design a template was published from again: the template takes a new snapshot of the
 * design as it is now and keeps its id, title (unless a new one is given) and data fields, each moved onto
 * the new snapshot's copy of the element it was declared on. A field whose element the design no longer
 * has refuses the republish (the template stays as it was): declare the fields anew by publishing with them.
 */
async function republishTemplate(ctx: BrandTemplatesContext, principal: DesignPrincipal, template: BrandTemplate, newTitle?: string | null): Promise<BrandTemplate> {
  const title = newTitle === undefined || newTitle === null ? template.title : requiredText(newTitle, "title", TITLE_MAX);
  const fields = await ctx.db.brandTemplateField.findMany({ where: { templateId: template.id }, orderBy: { position: "asc" } });
  const designId = `D${newTemplateId()}`;
  const copies = await createTemplateSnapshot(ctx.db, { id: designId, sourceId: template.sourceDesignId, teamId: principal.teamId, ownerId: principal.userId, holderKey: template.id, budgets: ctx.designBudgets });
  if (!copies) throw new NotFoundError("Design not found", { entity: "design" });
  const lost = fields.filter((field) => !field.sourceElementId || !copies.has(field.sourceElementId));
  if (lost.length) {
    await ctx.db.design.delete({ where: { id: designId } });
    throw new ValidationError("design_id", `The design no longer has the elements of data fields ${lost.map((field) => `"${field.name}"`).join(", ")}: publish it with its fields declared anew`);
  }
  // The template moves to the new snapshot only if no other republish moved it meanwhile; the one that
  // lost the race drops its snapshot and answers the template as the winner left it (the same design, now).
  const moved = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.brandTemplate.updateMany({ where: { id: template.id, designId: template.designId }, data: { designId, title, titleKey: title.toLowerCase() } });
    if (claimed.count === 0) return false;
    for (const field of fields) {
      await tx.brandTemplateField.update({ where: { templateId_name: { templateId: template.id, name: field.name } }, data: { elementId: copies.get(field.sourceElementId!)! } });
    }
    await tx.design.deleteMany({ where: { id: template.designId } });
    return true;
  });
  if (!moved) await ctx.db.design.delete({ where: { id: designId } });
  return ctx.db.brandTemplate.findUniqueOrThrow({ where: { id: template.id } });
}
