import type { DesignPreset, DesignTypeKind, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { isResourceId } from "../../../lib/validation.js";
import { newId } from "./designs.js";

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

/** The database a copy is written with: the client, or a transaction's. */
type Writer = Pick<PrismaClient, "design" | "designPage" | "designEdit">;

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

/** The pages named, as new rows (new page and element ids) numbered from 1 in the order given; null if one no longer exists. */
async function copiedPages(db: Writer, teamId: string, pages: readonly PageRef[], elementCopies: Map<string, string>) {
  const sources = await db.designPage.findMany({
    where: { designId: { in: [...new Set(pages.map((page) => page.designId))] }, design: { teamId } },
    include: { elements: { orderBy: [{ z: "asc" }, { id: "asc" }] } },
  });
  const byRef = new Map(sources.map((page) => [`${page.designId}#${page.index}`, page]));
  const rows: Prisma.DesignPageCreateWithoutDesignInput[] = [];
  for (const [position, ref] of pages.entries()) {
    const source = byRef.get(`${ref.designId}#${ref.pageNumber}`);
    if (!source) return null;
    const elements = source.elements.map(({ pageId: _pageId, version: _version, ...element }) => {
      const id = newId("E");
      elementCopies.set(element.id, id);
      return { ...element, id };
    });
    rows.push({ id: newId("P"), index: position + 1, width: source.width, height: source.height, elements: { create: elements } });
  }
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
}

/**
 * A new design of `ownerId` in `teamId` made of copies of the team's pages named (their elements
 * copied with new ids), written in one statement. Returns its id and each source element's id → its
 * copy's id; an existing design of `id` is returned as it is (no copies); null when a page no longer exists.
 */
export async function createDesignFromPages(db: Writer, request: PagesDesignRequest): Promise<{ id: string; elementCopies: Map<string, string> } | null> {
  if (request.id && (await db.design.findUnique({ where: { id: request.id }, select: { id: true } }))) return { id: request.id, elementCopies: new Map() };
  const elementCopies = new Map<string, string>();
  const pages = await copiedPages(db, request.sourceTeamId ?? request.teamId, request.pages, elementCopies);
  if (!pages || pages.length === 0) return null;
  const design = await db.design.create({
    data: {
      id: request.id ?? newId("D"),
      title: request.title,
      titleKey: request.title.toLowerCase(),
      ownerId: request.ownerId,
      teamId: request.teamId,
      typeKind: request.typeKind,
      preset: request.preset,
      changedByUser: request.keep ?? false,
      pages: { create: pages },
    },
    select: { id: true },
  });
  return { id: design.id, elementCopies };
}

/**
 * Replaces the pages of the team's design `designId` with copies of the pages named (its own among
 * them), and its title when one is given, as the design's next version, recorded as an edit of
 * `authorId` (its followers see it like any other; the caller announces it after the commit): meant for
 * a transaction that holds the design's row. Returns the version; false when the design or a page named
 * no longer exists (nothing is changed then).
 */
export async function replaceDesignPages(db: Writer, request: { designId: string; teamId: string; authorId: number; title?: string | null; pages: readonly PageRef[] }): Promise<number | false> {
  const pages = await copiedPages(db, request.teamId, request.pages, new Map());
  if (!pages || pages.length === 0) return false;
  const title = request.title ? { title: request.title, titleKey: request.title.toLowerCase() } : {};
  const updated = await db.design.updateMany({ where: { id: request.designId, teamId: request.teamId }, data: { ...title, changedByUser: true, updatedAt: new Date(), version: { increment: 1 } } });
  if (updated.count === 0) return false;
  const replaced = await db.designPage.findMany({ where: { designId: request.designId }, orderBy: { index: "asc" }, select: { id: true, elements: { select: { id: true } } } });
  await db.designPage.deleteMany({ where: { designId: request.designId } });
  const { version } = await db.design.findUniqueOrThrow({ where: { id: request.designId }, select: { version: true } });
  for (const page of pages) await db.designPage.create({ data: { ...page, version, design: { connect: { id: request.designId } } } });
  await db.designEdit.create({ data: { designId: request.designId, authorId: request.authorId, ...replacementEdit(version, replaced, pages, request.title) } });
  return version;
}

type NewPageRow = Prisma.DesignPageCreateWithoutDesignInput & { elements: { create: Omit<Prisma.DesignElementCreateWithoutPageInput, "version">[] } };

/**
 * A replacement of every page as an edit, so that whoever follows the design applies it like any other:
 * the new pages added after the old ones (with their elements), then the old pages deleted.
 */
function replacementEdit(version: number, replaced: { id: string; elements: { id: string }[] }[], pages: readonly Prisma.DesignPageCreateWithoutDesignInput[], title?: string | null) {
  const added = (pages as NewPageRow[]).flatMap((page, i) => [
    { addPage: { pageId: page.id, index: replaced.length + i + 1, width: page.width, height: page.height } },
    ...page.elements.create.map(({ id, ...element }) => ({ addElement: { elementId: id, pageId: page.id, ...element } })),
  ]);
  const operations = [...added, ...replaced.map((page) => ({ deletePage: page.id })), ...(title ? [{ setTitle: title }] : [])];
  return {
    version,
    operations,
    changedElementIds: (pages as NewPageRow[]).flatMap((page) => page.elements.create.map((element) => element.id as string)),
    removedElementIds: replaced.flatMap((page) => page.elements.map((element) => element.id)),
  };
}
