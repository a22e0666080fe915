// What image elements are drawn with: their asset's signed thumbnail URL, read from the graph and read
// again before it expires.
import type { Graph } from "./graph.js";
import type { Page } from "./model.js";
import { onThisOrigin } from "../same-origin.js";

/** Thumbnail URLs are valid 15 minutes: read again after 12. */
const READ_AGAIN_MS = 12 * 60_000;

/**
 * A signed file URL of the platform as a path of this page's origin, or undefined for anything else:
 * the page loads nothing from elsewhere (its policy forbids it too), and the address the platform signs
 * with may not be the one this page was opened at.
 */
export const sameOrigin = (url: string): string | undefined => onThisOrigin(url, "/blobs/");

export class ImageSources {
  private readonly graph: Graph;
  private readonly loaded: () => void;
  private readonly readAt = new Map<string, number>();
  private readonly reading = new Set<string>();

  /** `loaded` is told when a URL arrives (the pages are drawn again). */
  constructor(graph: Graph, loaded: () => void) {
    this.graph = graph;
    this.loaded = loaded;
    const now = Date.now();
    for (const assetId of graph.thumbnails.keys()) this.readAt.set(assetId, now);
  }

  /** The `href` of every image element of `pages` whose thumbnail is known (reading those that are not). */
  of(pages: readonly Page[]): Map<string, string> {
    const hrefs = new Map<string, string>();
    for (const page of pages) {
      for (const element of page.elements) {
        if (element.kind !== "image" || !element.assetId) continue;
        const url = this.graph.thumbnails.get(element.assetId);
        const href = url && sameOrigin(url);
        if (href) hrefs.set(element.id, href);
        if (!url || Date.now() - (this.readAt.get(element.assetId) ?? 0) > READ_AGAIN_MS) this.read(element.assetId);
      }
    }
    return hrefs;
  }

  private read(assetId: string): void {
    if (this.reading.has(assetId)) return;
    this.reading.add(assetId);
    this.graph
      .thumbnailOf(assetId, true)
      .then(() => {
        this.readAt.set(assetId, Date.now());
        this.loaded();
      })
      .catch(() => this.readAt.set(assetId, Date.now()))
      .finally(() => this.reading.delete(assetId));
  }
}
