import sharp from "sharp";
import type { Design, DesignElement, DesignPage } from "../../../../generated/prisma/client.js";
import type { Logger } from "../../../../lib/logger.js";
import type { FileService } from "../../../../lib/storage/file-service.js";
import type { DesignsLoaders } from "../../loaders.js";
import { pageSvg, thumbnailSize } from "./page-svg.js";

/** How long a thumbnail's signed URL is valid (documented: 15 minutes). */
export const THUMBNAIL_URL_SECONDS = 15 * 60;

export interface Thumbnail {
  width: number;
  height: number;
  url: string;
}

/** What rendering needs: the stored files, and loaders for a page's elements and the assets they show. */
export interface RenderDependencies {
  files: FileService;
  log: Logger;
  loaders: Pick<DesignsLoaders, "elementsByPage" | "assetById">;
}

/** One blob per page and content version: a design edited later (new `updatedAt`) renders anew. */
export function thumbnailKey(design: Pick<Design, "id" | "updatedAt">, page: Pick<DesignPage, "id">): string {
  return `design-thumbnails/${design.id}/${design.updatedAt.getTime()}-${page.id}.png`;
}

/** The image element's asset scaled to its box on the thumbnail, or undefined (missing, undecodable) for a placeholder. */
async function imageFor(deps: RenderDependencies, element: DesignElement, scale: number): Promise<Buffer | undefined> {
  const asset = element.assetId ? await deps.loaders.assetById.load(element.assetId) : null;
  if (!asset) return undefined;
  const width = Math.round(element.width * scale);
  const height = Math.round(element.height * scale);
  if (width < 1 || height < 1) return undefined;
  for (const key of [asset.blobKey, asset.thumbnailKey]) {
    const path = key ? await deps.files.localPath(key) : undefined;
    if (!path) continue;
    try {
      return await sharp(path, { failOn: "error", animated: false }).rotate().resize(width, height, { fit: "fill" }).png().toBuffer();
    } catch (error) {
      deps.log.warn({ err: error, assetId: asset.id }, "an asset could not be drawn; a placeholder stands in");
    }
  }
  return undefined;
}

/** The page drawn from its content (shapes, text, images) as a PNG fitted into 400×400. */
export async function renderPage(deps: RenderDependencies, page: DesignPage): Promise<Buffer> {
  const elements = await deps.loaders.elementsByPage.load(page.id);
  const { scale } = thumbnailSize(page);
  const images = new Map<string, Buffer>();
  for (const element of elements.filter((candidate) => candidate.kind === "image")) {
    const png = await imageFor(deps, element, scale);
    if (png) images.set(element.id, png);
  }
  return sharp(Buffer.from(pageSvg(page, elements, images)), { limitInputPixels: false }).png().toBuffer();
}

/** Renders of this process under way, by blob key: simultaneous first reads render once. */
const rendering = new Map<string, Promise<void>>();

async function ensureRendered(deps: RenderDependencies, key: string, page: DesignPage): Promise<void> {
  if (await deps.files.localPath(key)) return;
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderPage(deps, page)
      .then(async (png) => void (await deps.files.put(key, png, "image/png")))
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  await pending;
}

/**
 * The page's thumbnail: rendered on first read of this version of the design, stored, reused after;
 * handed out by a signed URL valid 15 minutes. Null (and logged) only if drawing failed outright.
 */
export async function pageThumbnail(deps: RenderDependencies, design: Pick<Design, "id" | "updatedAt">, page: DesignPage, now?: number): Promise<Thumbnail | null> {
  const key = thumbnailKey(design, page);
  try {
    await ensureRendered(deps, key, page);
  } catch (error) {
    deps.log.error({ err: error, designId: design.id, pageId: page.id }, "a page could not be rendered");
    return null;
  }
  const { width, height } = thumbnailSize(page);
  return { width, height, url: deps.files.downloadUrl(key, THUMBNAIL_URL_SECONDS, now) };
}
