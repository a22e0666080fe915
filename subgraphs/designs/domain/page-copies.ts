import type { DesignElement, DesignPreset, DesignTypeKind, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { isResourceId } from "../../../lib/validation.js";
import { checkContent, contentOfPages, NO_CONTENT, storedPageContent, type ContentBudgets } from "./content-budget.js";
import { writeDesign, writePages, type ContentWriter, type NewElementRow, type NewPage } from "./content-writer.js";
import { newId } from "./designs.js";
import { recordEdit } from "./editing/history.js";

/** The database pages are copied with: the client, or a transaction's. */
export type CopyDatabase = ContentWriter & Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/** One page of a design, by its one-based number. */
export interface PageRef {
  designId: string;
  pageNumber: number;
}

/** What copying pages needs to know of a design beforehand: its kind and how many pages it has. */
export interface PageSourceFacts {
  id: string;
  title: string;
  typeKind: DesignTypeKind;
  preset: DesignPreset | null;
  pageCount: number;
}

/** Most page numbers one request may name (and most pages a design made of copies has). */
export const PAGE_NUMBERS_MAX = 500;

/**
 * What is wrong with page numbers of a design of `pageCount` pages, in the design platform's words
 * (null when nothing): more than 500, one that is not a page of the design, or one named twice.
 */
export function pageNumbersProblem(numbers: readonly number[], pageCount: number): string | null {
  if (numbers.length === 0 || numbers.length > PAGE_NUMBERS_MAX) return `page_numbers must list 1 to ${PAGE_NUMBERS_MAX} pages`;
  const seen = new Set<number>();
  for (const number of numbers) {
    if (!Number.isInteger(number) || number < 1 || number > pageCount) return `Page number ${number} is out of range (design has ${pageCount} pages)`;
    if (seen.has(number)) return `Page number ${number} is named twice`;
    seen.add(number);
  }
  return null;
}

/** Holds the design's row until the transaction ends, so changes of its pages happen one after another. */
export async function lockDesign(tx: Prisma.TransactionClient, designId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM designs WHERE id = ${designId} FOR UPDATE`;
}

/** The team's designs among these ids, with their page counts; unknown, malformed and other teams' ids are absent. */
export async function teamPageSources(db: Pick<PrismaClient, "design">, teamId: string, designIds: readonly string[]): Promise<Map<string, PageSourceFacts>> {
  const ids = [...new Set(designIds)].filter(isResourceId);
  if (ids.length === 0) return new Map();
  const designs = await db.design.findMany({
    where: { id: { in: ids }, teamId },
    select: { id: true, title: true, typeKind: true, preset: true, _count: { select: { pages: true } } },
  });
  return new Map(designs.map(({ _count, ...design }) => [design.id, { ...design, pageCount: _count.pages }]));
}

/**
 * The team's pages named, in order, once what copies of them would hold together is counted by the
 * database (a page named twice counts twice) and found within the budgets (`DESIGN_CONTENT_LIMIT`
 * otherwise); null when one of them does not exist. No element is read.
 */
export async function checkedPageCopies(db: Pick<Prisma.TransactionClient, "designPage" | "$queryRaw">, teamId: string, pages: readonly PageRef[], budgets: ContentBudgets) {
  const sources = await db.designPage.findMany({
    where: { designId: { in: [...new Set(pages.map((page) => page.designId))] }, design: { teamId } },
    select: { id: true, designId: true, index: true, width: true, height: true },
  });
  const byRef = new Map(sources.map((page) => [`${page.designId}#${page.index}`, page]));
  const named = pages.map((ref) => byRef.get(`${ref.designId}#${ref.pageNumber}`));
  if (named.some((page) => !page)) return null;
  const sourcePages = named as NonNullable<(typeof named)[number]>[];
  const stored = await storedPageContent(db, sourcePages.map((page) => page.id));
  checkContent(sourcePages.map((page) => stored.get(page.id) ?? NO_CONTENT), budgets);
  return sourcePages;
}

/** Source pages whose elements are read in one statement. */
const PAGES_READ_AT_ONCE = 50;

/**
 * The pages named, as new rows (new page and element ids) numbered from 1 in the order given; null if
 * one no longer exists. What the copies would hold is counted by the database first (a page named
 * twice counts twice) and refused past the budgets before any element is read; the elements are then
 * read a few pages at a time.
 */
async function copiedPages(db: CopyDatabase, teamId: string, pages: readonly PageRef[], budgets: ContentBudgets, elementCopies: Map<string, string>): Promise<NewPage[] | null> {
  const sourcePages = await checkedPageCopies(db, teamId, pages, budgets);
  if (!sourcePages) return null;
  const elementsOf = new Map<string, NewElementRow[]>();
  const distinct = [...new Set(sourcePages.map((page) => page.id))];
  for (let start = 0; start < distinct.length; start += PAGES_READ_AT_ONCE) {
    const read = await db.designElement.findMany({ where: { pageId: { in: distinct.slice(start, start + PAGES_READ_AT_ONCE) } }, orderBy: [{ pageId: "asc" }, { z: "asc" }, { id: "asc" }] });
    for (const { pageId, version: _version, ...element } of read as DesignElement[]) {
      const list = elementsOf.get(pageId) ?? [];
      list.push(element);
      elementsOf.set(pageId, list);
    }
  }
  const rows = sourcePages.map((source, position): NewPage => ({
    id: newId("P"),
    index: position + 1,
    width: source.width,
    height: source.height,
    elements: (elementsOf.get(source.id) ?? []).map((element): NewElementRow & { id: string } => {
      const id = newId("E");
      elementCopies.set(element.id, id);
      return { ...element, id };
    }),
  }));
  // Pages edited between the count and the read: what is written is within the budgets all the same.
  checkContent(contentOfPages(rows), budgets);
  return rows;
}

/** A design's kind when its pages come from these designs: theirs when they all share one, else custom. */
export function commonDesignType(designs: readonly Pick<PageSourceFacts, "typeKind" | "preset">[]): { typeKind: DesignTypeKind; preset: DesignPreset | null } {
  const [first] = designs;
  const same = first && designs.every((design) => design.typeKind === first.typeKind && design.preset === first.preset);
  return same ? { typeKind: first.typeKind, preset: first.preset } : { typeKind: "custom", preset: null };
}

export interface PagesDesignRequest {
  /** Fixed by the caller when a retry must find what an earlier attempt made (a job's); new otherwise. */
  id?: string;
  ownerId: number;
  teamId: string;
  /** Checked by the caller (1 to 255 characters). */
  title: string;
  typeKind: DesignTypeKind;
  preset: DesignPreset | null;
  /** The pages to copy, in order (at least one), of designs of `sourceTeamId` (default: `teamId`). */
  pages: readonly PageRef[];
  /** The team key of the designs copied from when not `teamId` (a brand template's snapshot is held by its template's id). */
  sourceTeamId?: string;
  /** Kept by the designs' housekeeping as content the user made (never swept as blank). */
  keep?: boolean;
  /** What the new design may hold: copies past them are refused (`DESIGN_CONTENT_LIMIT`) before anything is copied. */
  budgets: ContentBudgets;
}

/**
 * A new design of `ownerId` in `teamId` made of copies of the team's pages named (their elements
 * copied with new ids), written in one transaction in bounded steps. Returns its id and each source
 * element's id → its copy's id; an existing design of `id` is returned as it is (no copies); null when
 * a page no longer exists. Copies past the budgets are refused before any element is read.
 */
export async function createDesignFromPages(db: CopyDatabase, request: PagesDesignRequest): Promise<{ id: string; elementCopies: Map<string, string> } | null> {
  if (request.id && (await db.design.findUnique({ where: { id: request.id }, select: { id: true } }))) return { id: request.id, elementCopies: new Map() };
  const elementCopies = new Map<string, string>();
  const pages = await copiedPages(db, request.sourceTeamId ?? request.teamId, request.pages, request.budgets, elementCopies);
  if (!pages || pages.length === 0) return null;
  const id = request.id ?? newId("D");
  const { title, ownerId, teamId, typeKind, preset } = request;
  await writeDesign(db, { id, title, titleKey: title.toLowerCase(), ownerId, teamId, typeKind, preset, changedByUser: request.keep ?? false }, pages);
  return { id, elementCopies };
}

/**
 * Replaces the pages of the team's design `designId` with copies of the pages named (its own among
 * them), and its title when one is given, as the design's next version, recorded as an edit of
 * `authorId` (its followers see it like any other; the caller announces it after the commit): meant for
 * a transaction that holds the design's row. A replacement too large to record as one edit forgets the
 * design's kept edits instead, so its followers read the design again. Returns the version; false when
 * the design or a page named no longer exists (nothing is changed then).
 */
export async function replaceDesignPages(db: CopyDatabase, request: { designId: string; teamId: string; authorId: number; title?: string | null; pages: readonly PageRef[]; budgets: ContentBudgets }): Promise<number | false> {
  const pages = await copiedPages(db, request.teamId, request.pages, request.budgets, new Map());
  if (!pages || pages.length === 0) return false;
  const title = request.title ? { title: request.title, titleKey: request.title.toLowerCase() } : {};
  const updated = await db.design.updateMany({ where: { id: request.designId, teamId: request.teamId }, data: { ...title, changedByUser: true, updatedAt: new Date(), version: { increment: 1 } } });
  if (updated.count === 0) return false;
  const replaced = await db.designPage.findMany({ where: { designId: request.designId }, orderBy: { index: "asc" }, select: { id: true, elements: { select: { id: true } } } });
  await db.designPage.deleteMany({ where: { designId: request.designId } });
  const { version } = await db.design.findUniqueOrThrow({ where: { id: request.designId }, select: { version: true } });
  await writePages(db, request.designId, pages.map((page) => ({ ...page, version })));
  await recordEdit(db, request.designId, { authorId: request.authorId, ...replacementEdit(version, replaced, pages, request.title) }, request.budgets);
  return version;
}

/**
 * A replacement of every page as an edit, so that whoever follows the design applies it like any other:
 * the new pages added after the old ones (with their elements), then the old pages deleted.
 */
function replacementEdit(version: number, replaced: { id: string; elements: { id: string }[] }[], pages: readonly NewPage[], title?: string | null) {
  const added = pages.flatMap((page, i) => [
    { addPage: { pageId: page.id, index: replaced.length + i + 1, width: page.width, height: page.height } },
    ...page.elements.map(({ id, ...element }) => ({ addElement: { elementId: id, pageId: page.id, ...element } })),
  ]);
  const operations = [...added, ...replaced.map((page) => ({ deletePage: page.id })), ...(title ? [{ setTitle: title }] : [])];
  return {
    version,
    operations,
    changedElementIds: pages.flatMap((page) => page.elements.map((element) => element.id as string)),
    removedElementIds: replaced.flatMap((page) => page.elements.map((element) => element.id)),
  };
}
