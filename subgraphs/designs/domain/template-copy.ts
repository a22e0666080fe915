import type { DesignElement, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { isResourceId, requiredText } from "../../../lib/validation.js";
import { chartElements, type ChartRows, type NewElement } from "./chart-elements.js";
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

/** The elements of the team's design a template may declare fields on: another team's and an unknown design are the same 404. */
export async function templateSourceElements(db: PrismaClient, teamId: string, designId: string): Promise<{ title: string; elements: Pick<DesignElement, "id" | "kind">[] }> {
  const design = ofTeam(isResourceId(designId) ? await designWithContent(db, designId) : null, teamId);
  return { title: design.title, elements: design.pages.flatMap((page) => page.elements.map(({ id, kind }) => ({ id, kind }))) };
}

type SourceDesign = NonNullable<Awaited<ReturnType<typeof designWithContent>>>;

/** The source's pages as new rows (new ids), each element replaced by what `replace` makes of it. */
function copiedPages(source: SourceDesign, replace: (element: NewElement) => NewElement[]) {
  return source.pages.map((page) => ({
    id: newId("P"),
    index: page.index,
    width: page.width,
    height: page.height,
    elements: { create: page.elements.flatMap(({ pageId: _pageId, version: _version, ...element }) => replace(element)) },
  }));
}

export interface TemplateSnapshotRequest {
  /** The snapshot design's id, fixed by the template. */
  id: string;
  sourceId: string;
  teamId: string;
  ownerId: number;
  /** Held by no team: the template's id stands as its team key, so no team lists, reads or exports it. */
  holderKey: string;
}

/**
 * A snapshot of the team's design `sourceId` for a brand template, written in one statement: same
 * pages and elements, new ids, kept (never swept as blank). Returns each source element's id → its
 * copy's id, or null when the source is gone or no longer the team's.
 */
export async function createTemplateSnapshot(db: PrismaClient, request: TemplateSnapshotRequest): Promise<Map<string, string> | null> {
  const source = await designWithContent(db, request.sourceId);
  if (!source || source.teamId !== request.teamId) return null;
  const copies = new Map<string, string>();
  const pages = copiedPages(source, (element) => {
    const id = newId("E");
    copies.set(element.id, id);
    return [{ ...element, id }];
  });
  await db.design.create({
    data: {
      id: request.id,
      title: source.title,
      titleKey: source.titleKey,
      ownerId: request.ownerId,
      teamId: request.holderKey,
      typeKind: source.typeKind,
      preset: source.preset,
      changedByUser: true,
      pages: { create: pages },
    },
  });
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
}

/**
 * A new design of `ownerId` in `teamId`: the snapshot's pages with the filled elements replaced,
 * written in one statement. Returns its id (the existing one when `id` was made already), or null
 * when the snapshot is gone.
 */
export async function createFilledCopy(db: PrismaClient, request: FilledCopyRequest): Promise<string | null> {
  if (await db.design.findUnique({ where: { id: request.id }, select: { id: true } })) return request.id;
  const source = await designWithContent(db, request.sourceId);
  if (!source) return null;
  const title = requiredText(request.title, "title", TITLE_MAX);
  const copy = await db.design.create({
    data: {
      id: request.id,
      title,
      titleKey: title.toLowerCase(),
      ownerId: request.ownerId,
      teamId: request.teamId,
      typeKind: source.typeKind,
      preset: source.preset,
      pages: { create: copiedPages(source, (element) => filled(element, request.fills[element.id])) },
    },
    select: { id: true },
  });
  return copy.id;
}
