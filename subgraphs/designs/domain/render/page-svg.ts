// Also bundled into the browser's design editor (pages/browser/editor/): nothing here may need Node or the database's types.
import { escapeHtml } from "../../../../lib/html-page.js";

/** A page's size in pixels. */
export interface PageSize {
  width: number;
  height: number;
}

/** What drawing an element reads of it (a stored row, or the editor's copy of one). */
export interface DrawnElement {
  id: string;
  kind: "image" | "text" | "shape";
  x: number;
  y: number;
  width: number;
  height: number;
  text: string | null;
  fontSize: number | null;
  color: string | null;
  shape: "rect" | "ellipse" | null;
  fill: string | null;
}

/** Longest side of a rendered thumbnail, in pixels (the page's aspect is kept). */
export const THUMBNAIL_MAX = 400;

/** What a page without a drawable image shows in its place. */
export const PLACEHOLDER_FILL = "#d9d9d9";

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The thumbnail size of a page: fitted into 400×400, aspect kept, at least 1 px a side. */
export function thumbnailSize(page: PageSize): { width: number; height: number; scale: number } {
  const scale = Math.min(1, THUMBNAIL_MAX / page.width, THUMBNAIL_MAX / page.height);
  return { width: Math.max(1, Math.round(page.width * scale)), height: Math.max(1, Math.round(page.height * scale)), scale };
}

/** Text as XML character data or attribute value; characters XML 1.0 cannot hold are dropped. */
export function escapeXml(text: string): string {
  return escapeHtml(
    // eslint-disable-next-line no-control-regex
    text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ""),
  );
}

/** A stored colour if it is `#rrggbb`, else the fallback: nothing else reaches the SVG. */
const colour = (value: string | null, fallback: string) => (value && COLOUR.test(value) ? value : fallback);

const box = (element: DrawnElement) => `x="${element.x}" y="${element.y}" width="${Math.max(0, element.width)}" height="${Math.max(0, element.height)}"`;

function shapeSvg(element: DrawnElement): string {
  const fill = colour(element.fill, "#000000");
  if (element.shape === "ellipse") {
    const [rx, ry] = [Math.max(0, element.width) / 2, Math.max(0, element.height) / 2];
    return `<ellipse cx="${element.x + rx}" cy="${element.y + ry}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
  }
  return `<rect ${box(element)} fill="${fill}"/>`;
}

function textSvg(element: DrawnElement): string {
  const size = Math.min(Math.max(element.fontSize ?? 16, 1), 2000);
  const lines = (element.text ?? "").split(/\r?\n/);
  const spans = lines.map((line, i) => `<tspan x="0" dy="${i === 0 ? size : Math.round(size * 1.2)}">${escapeXml(line)}</tspan>`).join("");
  return `<svg ${box(element)} overflow="hidden"><text x="0" y="0" font-family="sans-serif" font-size="${size}" fill="${colour(element.color, "#000000")}">${spans}</text></svg>`;
}

/** The picture a page is drawn into: its size in pixels (the page fitted in, centred, aspect kept), and whether the paper is left out. */
export interface DrawTarget {
  width: number;
  height: number;
  /** No white paper behind the page's content (transparent PNG exports). */
  transparent?: boolean;
}

/** How much a page is scaled to fit `target` (aspect kept). */
export function scaleInto(page: PageSize, target: Pick<DrawTarget, "width" | "height">): number {
  return Math.min(target.width / page.width, target.height / page.height);
}

/**
 * The page as SVG in page pixels, drawn back to front: shapes, text boxes, and images from `images`
 * (an `href` by element id: a PNG data URI on the server, a signed thumbnail URL in the editor; an
 * element without one is a neutral placeholder). The SVG's size is the target's (by default the
 * thumbnail's); the page is fitted into it, centred.
 */
export function pageSvg(
  page: PageSize,
  elements: readonly DrawnElement[],
  images: ReadonlyMap<string, string>,
  target: DrawTarget = thumbnailSize(page),
): string {
  const { width, height } = target;
  const drawn = elements.map((element) => {
    if (element.kind === "shape") return shapeSvg(element);
    if (element.kind === "text") return textSvg(element);
    const href = images.get(element.id);
    if (!href) return `<rect ${box(element)} fill="${PLACEHOLDER_FILL}"/>`;
    return `<image ${box(element)} preserveAspectRatio="none" href="${escapeXml(href)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${page.width} ${page.height}">`
    + `${target.transparent ? "" : `<rect width="${page.width}" height="${page.height}" fill="#ffffff"/>`}${drawn.join("")}</svg>`;
}
