import type { Design, DesignPage } from "../../../../generated/prisma/client.js";
import { drawPage, type RenderDependencies } from "./draw-page.js";
import { thumbnailSize } from "./page-svg.js";

export type { RenderDependencies };

/** How long a thumbnail's signed URL is valid (documented: 15 minutes). */
export const THUMBNAIL_URL_SECONDS = 15 * 60;

export interface Thumbnail {
  width: number;
  height: number;
  url: string;
}

/** One blob per page and content version: a design edited later (new `updatedAt`) renders anew. */
export function thumbnailKey(design: Pick<Design, "id" | "updatedAt">, page: Pick<DesignPage, "id">): string {
  return `design-thumbnails/${design.id}/${design.updatedAt.getTime()}-${page.id}.png`;
}

/** The page drawn as a PNG fitted into 400×400. */
export async function renderPage(deps: RenderDependencies, page: DesignPage): Promise<Buffer> {
  return (await drawPage(deps, page, thumbnailSize(page))).png().toBuffer();
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
