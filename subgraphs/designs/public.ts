import DataLoader from "dataloader";
import type { Design, DesignPage, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { byIdOrNull } from "../../lib/db/group-by-key.js";
import { isResourceId, requiredText } from "../../lib/validation.js";
import { checkContent, contentOfPages, type ContentBudgets } from "./domain/content-budget.js";
import { writeDesign, type NewElementRow, type NewPage } from "./domain/content-writer.js";
import { newId, ofTeam, TITLE_MAX } from "./domain/designs.js";
import { viewLink } from "./domain/view-links.js";
import { DESIGN_EDIT_EVENTS } from "./manifest.js";

export { DESIGN_EDIT_EVENTS };
import type { Logger } from "../../lib/logger.js";
import type { Bus } from "../../lib/pubsub.js";
import type { FileService } from "../../lib/storage/file-service.js";

export { exportFormatsOf, type ExportFormatName } from "./domain/export-formats.js";
export { designDrawing, type DesignDrawing } from "./domain/render/design-drawing.js";
export { abandonedRender, RenderAbandonedError, type DrawnPage } from "./domain/render/draw-page.js";
export type { DrawTarget } from "./domain/render/page-svg.js";
export { DEFAULT_RENDER_SETTINGS, renderSettings, type RenderSettings } from "./domain/render/render-settings.js";
export { createResizedCopy, resizableDesignId, firstPageThumbnail, resizeTarget, type DesignTypeInput, type ResolvedDesignType } from "./domain/resize-copy.js";
export { designOwners, designTeams } from "./domain/design-access.js";
export { designNotFound } from "./domain/copy-design.js";
export { contentBudgets as designContentBudgets, ContentLimitError, type ContentBudgets } from "./domain/content-budget.js";
export {
  checkedPageCopies,
  commonDesignType,
  createDesignFromPages,
  lockDesign,
  PAGE_NUMBERS_MAX,
  pageNumbersProblem,
  replaceDesignPages,
  teamPageSources,
  type PageRef,
  type PageSourceFacts,
} from "./domain/page-copies.js";
export { createFilledCopy, createTemplateSnapshot, templateSourceElements, type ChartCell, type ChartRows, type ElementFill } from "./domain/template-copy.js";

/**
 * What other domains may ask of the designs domain in the same process (every domain shares the one
 * database): making a design from content they read elsewhere (an imported file), the summary of
 * designs they made so, a resized copy of a design, a team's design with its pages, and drawing pages
 * at any size (exports). Nothing else of `subgraphs/designs/` is theirs to import.
 */

/** An element of an imported page, in page pixels (back to front in the order given). */
export type ImportedElement =
  | { kind: "image"; x: number; y: number; width: number; height: number; assetId: string }
  | { kind: "text"; x: number; y: number; width: number; height: number; text: string; fontSize: number; color: string };

export interface ImportedPage {
  width: number;
  height: number;
  elements: ImportedElement[];
}

export interface ImportedDesignRequest {
  /** Fixed by the caller (e.g. derived from its job), so a retried import finds what an earlier attempt made. */
  id?: string;
  ownerId: number;
  teamId: string;
  title: string;
  pages: ImportedPage[];
  /** What the design may hold: an import past them is refused (`DESIGN_CONTENT_LIMIT`) before anything is written. */
  budgets: ContentBudgets;
}

/** The documented DesignSummary's data (the URLs are the gateway's: see `designUrls`). */
export interface DesignSummaryData {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  pageCount: number;
}

const WITH_PAGE_COUNT = { _count: { select: { pages: true } } } as const;

function summaryOf(design: Design & { _count: { pages: number } }): DesignSummaryData {
  return { id: design.id, title: design.title, createdAt: design.createdAt, updatedAt: design.updatedAt, pageCount: design._count.pages };
}

/**
 * What a domain whose jobs make designs needs (resizes, merges): the database, the bus its jobs are
 * announced on, and what the summaries it answers are drawn and linked with.
 */
export interface DesignJobDependencies {
  db: PrismaClient;
  bus: Bus;
  log: Logger;
  /** Where the designs' rendered thumbnails are stored and signed. */
  files: FileService;
  /** Where clients reach the deployment: the designs' edit and view URLs. */
  publicUrl: string;
  /** Signs the designs' view and edit links (the designs domain's key). */
  viewKey: Buffer;
}

/** Tells the design's followers (`designChanged`) about a version another domain made (`replaceDesignPages`), once it committed. */
export function announceDesignEdit(bus: Bus, designId: string, version: number): Promise<void> {
  return bus.publish(DESIGN_EDIT_EVENTS, { designId, version });
}

/** What the key of design view links is derived for (`runtime.keyFor`): every domain handing out design URLs signs with it. */
export const DESIGN_VIEW_KEY_PURPOSE = "design-views";

/** Where a design is edited and viewed: signed, expiring links under the deployment's public URL. */
export function designUrls(links: { publicUrl: string; viewKey: Buffer }, designId: string): { editUrl: string; viewUrl: string } {
  return { editUrl: viewLink(links.publicUrl, links.viewKey, designId, "edit"), viewUrl: viewLink(links.publicUrl, links.viewKey, designId, "view") };
}

/** Element ids are their page's id and their place on it (unique, within the platform's id rule). */
function elementData(pageId: string, element: ImportedElement, z: number): NewElementRow {
  const box = { id: `${pageId}-${z}`, kind: element.kind, x: element.x, y: element.y, width: element.width, height: element.height, z };
  return element.kind === "image" ? { ...box, assetId: element.assetId } : { ...box, text: element.text, fontSize: element.fontSize, color: element.color };
}

/**
 * A custom-size design of `ownerId` in `teamId` with the given pages and their elements, written in
 * one transaction in bounded steps (all or nothing); the title follows the designs domain's own rule
 * (1..255), the content the design budgets.
 * Returns the existing design when one with `id` was made already.
 */
export async function createImportedDesign(db: PrismaClient, request: ImportedDesignRequest): Promise<DesignSummaryData> {
  if (request.id) {
    const [existing] = await designSummaries(db, [request.id]);
    if (existing) return existing;
  }
  const title = requiredText(request.title, "title", TITLE_MAX);
  const [first] = request.pages;
  if (!first) throw new Error("an imported design needs at least one page");
  const pages = request.pages.map((page, index): NewPage => {
    const pageId = newId("P");
    return { id: pageId, index: index + 1, width: page.width, height: page.height, elements: page.elements.map((element, z) => elementData(pageId, element, z)) };
  });
  checkContent(contentOfPages(pages), request.budgets);
  const id = request.id ?? newId("D");
  await writeDesign(db, { id, title, titleKey: title.toLowerCase(), ownerId: request.ownerId, teamId: request.teamId, typeKind: "custom", preset: null }, pages);
  const [design] = await designSummaries(db, [id]);
  return design;
}

/** Summaries of the designs with these ids that exist (in no particular order). */
export async function designSummaries(db: PrismaClient, ids: readonly string[]): Promise<DesignSummaryData[]> {
  const designs = await db.design.findMany({ where: { id: { in: [...new Set(ids)] } }, include: WITH_PAGE_COUNT });
  return designs.map(summaryOf);
}

/** A per-request loader of design summaries by id (null for a design that does not exist), one query per batch. */
export function designSummaryLoader(db: PrismaClient): DataLoader<string, DesignSummaryData | null> {
  return new DataLoader(async (ids) => byIdOrNull(await designSummaries(db, ids), ids));
}

/** The design with its pages, for its team only: another team's and an unknown design are the same design not found. */
export async function teamDesignPages(db: PrismaClient, designId: string, teamId: string): Promise<{ design: Design; pages: DesignPage[] }> {
  const design = ofTeam(isResourceId(designId) ? await db.design.findUnique({ where: { id: designId }, include: { pages: { orderBy: { index: "asc" } } } }) : null, teamId);
  const { pages, ...fields } = design;
  return { design: fields, pages };
}

/** Summaries of the team's designs: all of them, or only those among `ids` (another team's ids are left out). */
export async function teamDesignSummaries(db: Prisma.TransactionClient, teamId: string, ids?: readonly string[]): Promise<(DesignSummaryData & { ownerId: number })[]> {
  const designs = await db.design.findMany({ where: { teamId, ...(ids ? { id: { in: [...new Set(ids)] } } : {}) }, include: WITH_PAGE_COUNT });
  return designs.map((design) => ({ ...summaryOf(design), ownerId: design.ownerId }));
}

/** Which of these assets some design shows (an image element of any page of any design). */
export async function assetsShownByDesigns(db: PrismaClient, assetIds: readonly string[]): Promise<Set<string>> {
  if (assetIds.length === 0) return new Set();
  const shown = await db.designElement.findMany({ where: { assetId: { in: [...new Set(assetIds)] } }, select: { assetId: true }, distinct: ["assetId"] });
  return new Set(shown.map((element) => element.assetId!));
}
