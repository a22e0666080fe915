import type { DesignElement, PrismaClient } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import type { FileService } from "../../../lib/storage/file-service.js";
import { isResourceId } from "../../../lib/validation.js";
import { resolveDesignType, type DesignTypeInput, type ResolvedDesignType } from "./design-types.js";
import { newId, ofTeam } from "./designs.js";
import { createLoaders } from "../loaders.js";
import { pageThumbnail, type Thumbnail } from "./render/thumbnails.js";
import type { ContentBudgets } from "./content-budget.js";
import { writeDesign, type NewPage } from "./content-writer.js";
import { boundedDesignWithContent } from "./template-copy.js";

export type { DesignTypeInput, ResolvedDesignType };

/** The largest page a design may be resized to, in square pixels (documented). */
const MAX_RESIZE_AREA = 25_000_000;

/** A design type a design may be resized to: a valid type, not a document, at most 25,000,000 px². */
export function resizeTarget(input: DesignTypeInput): ResolvedDesignType {
  const target = resolveDesignType(input);
  if (target.preset === "doc") throw new ValidationError("design_type", "No design can be resized into a document");
  if (target.width * target.height > MAX_RESIZE_AREA) {
    throw new ValidationError("design_type", `design_type is ${target.width}×${target.height}: the resized area may be at most ${MAX_RESIZE_AREA.toLocaleString("en-US")} square pixels`);
  }
  return target;
}

/** The id of a design of `teamId` that may be resized: another team's and an unknown design are the same 404; a document is a 400. */
export async function resizableDesignId(db: PrismaClient, teamId: string, designId: string): Promise<string> {
  const design = ofTeam(isResourceId(designId) ? await db.design.findUnique({ where: { id: designId }, select: { id: true, teamId: true, preset: true } }) : null, teamId);
  if (design.preset === "doc") throw new ValidationError("design_id", "Documents cannot be resized");
  return design.id;
}

type Box = Pick<DesignElement, "x" | "y" | "width" | "height">;

/** An image scaled by the smaller factor (its aspect kept), centred in the box it would have stretched to. */
function fittedInto(stretched: Box, element: Box, sx: number, sy: number): Box {
  const uniform = Math.min(sx, sy);
  const width = element.width * uniform;
  const height = element.height * uniform;
  return { x: stretched.x + (stretched.width - width) / 2, y: stretched.y + (stretched.height - height) / 2, width, height };
}

/**
 * An element's box on a page scaled by `sx` horizontally and `sy` vertically: shapes and text boxes
 * stretch with the page, images keep their aspect.
 */
export function scaledBox(element: Box & Pick<DesignElement, "kind">, sx: number, sy: number): Box {
  const stretched = { x: element.x * sx, y: element.y * sy, width: element.width * sx, height: element.height * sy };
  const box = element.kind === "image" ? fittedInto(stretched, element, sx, sy) : stretched;
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
}

/** A text's font size on a page scaled by `sx` × `sy`: by the smaller factor, at least 1 pixel. */
export function scaledFontSize(fontSize: number | null, sx: number, sy: number): number | null {
  return fontSize === null ? null : Math.max(1, Math.round(fontSize * Math.min(sx, sy)));
}

export interface ResizedCopyRequest {
  /** Fixed by the caller (derived from its job), so a retried resize finds the copy an earlier attempt made. */
  id: string;
  sourceId: string;
  ownerId: number;
  teamId: string;
  target: ResolvedDesignType;
  /** What the copy may hold: a source past them is refused (`DESIGN_CONTENT_LIMIT`) before its elements are read. */
  budgets: ContentBudgets;
}

/**
 * A copy of the team's design `sourceId` owned by `ownerId`, of the target type, with every page at
 * the target size and its elements scaled to it; written in one transaction in bounded steps. Returns
 * the copy's id (the existing one when `id` was made already), or null when the source is gone.
 */
export async function createResizedCopy(db: PrismaClient, request: ResizedCopyRequest): Promise<string | null> {
  if (await db.design.findUnique({ where: { id: request.id }, select: { id: true } })) return request.id;
  const source = await boundedDesignWithContent(db, request.sourceId, request.budgets);
  if (!source || source.teamId !== request.teamId) return null;
  const { target } = request;
  const pages = source.pages.map((page): NewPage => {
    const sx = target.width / page.width;
    const sy = target.height / page.height;
    const elements = page.elements.map(({ id: _id, pageId: _pageId, version: _version, ...element }) => ({
      ...element,
      id: newId("E"),
      ...scaledBox(element, sx, sy),
      fontSize: scaledFontSize(element.fontSize, sx, sy),
    }));
    return { id: newId("P"), index: page.index, width: target.width, height: target.height, elements };
  });
  const { title, titleKey } = source;
  await writeDesign(db, { id: request.id, title, titleKey, ownerId: request.ownerId, teamId: request.teamId, typeKind: target.typeKind, preset: target.preset }, pages);
  return request.id;
}

/** A design's first page rendered as the designs' own thumbnails are, for the summaries other domains give (null if it cannot be drawn). */
export async function firstPageThumbnail(deps: { db: PrismaClient; files: FileService; log: Logger }, design: { id: string; updatedAt: Date }): Promise<Thumbnail | null> {
  const loaders = createLoaders(deps.db);
  const [first] = await loaders.pagesByDesign.load(design.id);
  return first ? pageThumbnail({ files: deps.files, log: deps.log, loaders }, design, first) : null;
}
