import type { DesignElement, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { isResourceId, requiredText } from "../../../lib/validation.js";
import { chartElements, type ChartRows, type NewElement } from "./chart-elements.js";
import { checkContent, contentOfPages, storedDesignContent, type ContentBudgets } from "./content-budget.js";
import { writeDesign, type NewPage } from "./content-writer.js";
import { newId, ofTeam, TITLE_MAX } from "./designs.js";

export type { ChartCell, ChartRows } from "./chart-elements.js";

/** What autofill puts into one element of a template's snapshot. */
export type ElementFill = { type: "text"; text: string } | { type: "image"; assetId: string } | { type: "chart"; rows: ChartRows };

const CONTENT = {
  pages: { orderBy: { index: "asc" }, include: { elements: { orderBy: [{ z: "asc" }, { id: "asc" }] } } },
} satisfies Prisma.DesignInclude;

/** The design with its pages and their elements, back to front (null if it does not exist). */
export function designWithContent(db: PrismaClient, id: string) {
  return db.design.findUnique({ where: { id }, include: CONTENT });
}

/**
 * The design with its content when it is within the budgets, counted by the database before any
 * element is read (null if it does not exist); past them, `DESIGN_CONTENT_LIMIT`.
 */
export async function boundedDesignWithContent(db: PrismaClient, id: string, budgets: ContentBudgets) {
  checkContent(await storedDesignContent(db, id), budgets);
  return designWithContent(db, id);
}

/** The elements of the team's design a template may declare fields on: another team's and an unknown design are the same 404. */
export async function templateSourceElements(db: PrismaClient, teamId: string, designId: string): Promise<{ title: string; elements: Pick<DesignElement, "id" | "kind">[] }> {
  const design = ofTeam(isResourceId(designId) ? await designWithContent(db, designId) : null, teamId);
  return { title: design.title, elements: design.pages.flatMap((page) => page.elements.map(({ id, kind }) => ({ id, kind }))) };
}

type SourceDesign = NonNullable<Awaited<ReturnType<typeof designWithContent>>>;

/** The source's pages as new rows (new ids), each element replaced by what `replace` makes of it; refused past the budgets. */
function copiedPages(source: SourceDesign, budgets: ContentBudgets, replace: (element: NewElement) => NewElement[]): NewPage[] {
  const pages = source.pages.map((page) => ({
    id: newId("P"),
    index: page.index,
    width: page.width,
    height: page.height,
    elements: page.elements.flatMap(({ pageId: _pageId, version: _version, ...element }) => replace(element)),
  }));
  checkContent(contentOfPages(pages), budgets);
  return pages;
}

export interface TemplateSnapshotRequest {
  /** The snapshot design's id, fixed by the template. */
  id: string;
  sourceId: string;
  teamId: string;
  ownerId: number;
  /** Held by no team: the template's id stands as its team key, so no team lists, reads or exports it. */
  holderKey: string;
  budgets: ContentBudgets;
}

/**
 * A snapshot of the team's design `sourceId` for a brand template, written in one transaction: same
 * pages and elements, new ids, kept (never swept as blank). Returns each source element's id → its
 * copy's id, or null when the source is gone or no longer the team's.
 */
export async function createTemplateSnapshot(db: PrismaClient, request: TemplateSnapshotRequest): Promise<Map<string, string> | null> {
  const source = await boundedDesignWithContent(db, request.sourceId, request.budgets);
  if (!source || source.teamId !== request.teamId) return null;
  const copies = new Map<string, string>();
  const pages = copiedPages(source, request.budgets, (element) => {
    const id = newId("E");
    copies.set(element.id, id);
    return [{ ...element, id }];
  });
  const { title, titleKey, typeKind, preset } = source;
  await writeDesign(db, { id: request.id, title, titleKey, ownerId: request.ownerId, teamId: request.holderKey, typeKind, preset, changedByUser: true }, pages);
  return copies;
}

function filled(element: NewElement, fill: ElementFill | undefined): NewElement[] {
  if (!fill) return [{ ...element, id: newId("E") }];
  if (fill.type === "text") return [{ ...element, id: newId("E"), text: fill.text }];
  if (fill.type === "image") return [{ ...element, id: newId("E"), assetId: fill.assetId }];
  return chartElements(element, fill.rows);
}

export interface FilledCopyRequest {
  /** Fixed by the caller (derived from its job), so a retried autofill finds the design an earlier attempt made. */
  id: string;
  /** The template's snapshot design. */
  sourceId: string;
  ownerId: number;
  teamId: string;
  title: string;
  /** Snapshot element id → what fills it; other elements are copied as they are. */
  fills: Record<string, ElementFill>;
  budgets: ContentBudgets;
}

/**
 * A new design of `ownerId` in `teamId`: the snapshot's pages with the filled elements replaced,
 * written in one transaction in bounded steps. Returns its id (the existing one when `id` was made
 * already), or null when the snapshot is gone; a design past the budgets once filled is refused.
 */
export async function createFilledCopy(db: PrismaClient, request: FilledCopyRequest): Promise<string | null> {
  if (await db.design.findUnique({ where: { id: request.id }, select: { id: true } })) return request.id;
  const source = await boundedDesignWithContent(db, request.sourceId, request.budgets);
  if (!source) return null;
  const title = requiredText(request.title, "title", TITLE_MAX);
  const pages = copiedPages(source, request.budgets, (element) => filled(element, request.fills[element.id]));
  await writeDesign(db, { id: request.id, title, titleKey: title.toLowerCase(), ownerId: request.ownerId, teamId: request.teamId, typeKind: source.typeKind, preset: source.preset }, pages);
  return request.id;
}
