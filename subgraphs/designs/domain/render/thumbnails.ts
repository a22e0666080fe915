import type { Design, DesignPage } from "../../../../generated/prisma/client.js";
import { isDependencyUnavailable } from "../../../../lib/unavailable.js";
import { abandonedRender, encodedPage, type RenderDependencies } from "./draw-page.js";
import { thumbnailSize } from "./page-svg.js";
import { DEFAULT_RENDER_SETTINGS } from "./render-settings.js";

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

/** The page drawn as a PNG fitted into 400×400; a read waits for its turn at most as long as a render may take. */
export async function renderPage(deps: RenderDependencies, page: DesignPage): Promise<Buffer> {
  const { timeoutSeconds } = deps.render ?? DEFAULT_RENDER_SETTINGS;
  return encodedPage(deps, page, thumbnailSize(page), (image) => image.png().toBuffer(), { waitSeconds: timeoutSeconds });
}

/** Renders of this process under way, by blob key: simultaneous first reads render once. */
const rendering = new Map<string, Promise<void>>();

/**
 * Renders this process knows are stored. A key names one version of a page and is never rewritten, so
 * a read need not ask the store again (with an object store, a request per thumbnail read).
 */
const storedRenders = new Set<string>();
const STORED_RENDERS_KEPT = 10_000;

function rememberStored(key: string): void {
  if (storedRenders.size >= STORED_RENDERS_KEPT) storedRenders.clear();
  storedRenders.add(key);
}

/**
 * Renders this process abandoned (too slow, too large), by blob key, and when: reads of that version get
 * no thumbnail for a while instead of drawing it again (a render that waited too long for its turn is not kept).
 */
const abandonedRenders = new Map<string, number>();
const ABANDONED_RENDER_KEPT_MS = 10 * 60 * 1000;
const ABANDONED_RENDERS_KEPT = 10_000;

function rememberAbandoned(key: string, now: number): void {
  if (abandonedRenders.size >= ABANDONED_RENDERS_KEPT) abandonedRenders.clear();
  abandonedRenders.set(key, now);
}

async function ensureRendered(deps: RenderDependencies, key: string, page: DesignPage): Promise<void> {
  if (storedRenders.has(key)) return;
  if (await deps.files.exists(key)) return rememberStored(key);
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderPage(deps, page)
      .then(async (png) => {
        await deps.files.put(key, png, "image/png");
        rememberStored(key);
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  await pending;
}

/**
 * While a design is being edited, a page is rendered at most once per this interval: a read within it
 * gets the render of an earlier edit (never older than this), not one render per keystroke.
 */
export const EDITED_PAGE_RENDER_INTERVAL_MS = 2000;
const RECENT_RENDERS_KEPT = 10_000;

/** The last render this process chose for each page: its blob key, the design version it shows, when it was made. */
const recentRenders = new Map<string, { key: string; version: number; at: number }>();

/** The blob to show for the page: the current version's, or, while edits come fast, the last one rendered. */
function coalescedKey(design: Pick<Design, "id" | "updatedAt"> & { version?: number }, page: DesignPage, now: number): string {
  const key = thumbnailKey(design, page);
  const recent = recentRenders.get(page.id);
  if (recent?.key === key || design.version === undefined) return key;
  if (recent && design.version > recent.version && now - recent.at < EDITED_PAGE_RENDER_INTERVAL_MS) return recent.key;
  if (recentRenders.size >= RECENT_RENDERS_KEPT) recentRenders.clear();
  recentRenders.set(page.id, { key, version: design.version, at: now });
  return key;
}

/**
 * The page's thumbnail: rendered on first read of this version of the design (while it is being edited,
 * at most once per `EDITED_PAGE_RENDER_INTERVAL_MS`), stored, reused after; handed out by a signed URL
 * valid 15 minutes. Null (and logged) if drawing failed outright or was abandoned (past
 * `DESIGN_RENDER_TIMEOUT_SECONDS`, or waiting that long for a turn): a version abandoned is not drawn
 * again for 10 minutes. The blob store away fails the read (503).
 */
export async function pageThumbnail(deps: RenderDependencies, design: Pick<Design, "id" | "updatedAt"> & { version?: number }, page: DesignPage, now?: number): Promise<Thumbnail | null> {
  const at = now ?? Date.now();
  const key = coalescedKey(design, page, at);
  const abandonedAt = abandonedRenders.get(key);
  if (abandonedAt !== undefined && at - abandonedAt < ABANDONED_RENDER_KEPT_MS) return null;
  try {
    await ensureRendered(deps, key, page);
  } catch (error) {
    // The store away is the request's failure (503), not the page's.
    if (isDependencyUnavailable(error)) throw error;
    const abandoned = abandonedRender(error, deps.render);
    if (!abandoned) {
      deps.log.error({ err: error, designId: design.id, pageId: page.id }, "a page could not be rendered");
      return null;
    }
    deps.log.warn({ designId: design.id, pageId: page.id, reason: abandoned.reason }, `a page's thumbnail was not drawn: ${abandoned.message}`);
    if (abandoned.reason !== "busy") rememberAbandoned(key, at);
    return null;
  }
  const { width, height } = thumbnailSize(page);
  return { width, height, url: await deps.files.downloadUrl(key, THUMBNAIL_URL_SECONDS, now) };
}
