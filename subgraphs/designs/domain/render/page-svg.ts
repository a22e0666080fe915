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

/**
 * What drawing one page may spend (`DESIGN_RENDER_*`, domain/render/render-settings.ts on the server). A
 * render's cost grows with the glyphs it lays out, drawn or clipped away: past the budget, content is left
 * out, the same way every time (back to front: what lies on top goes first).
 */
export interface RenderBudget {
  /** Most elements drawn, back to front (`DESIGN_RENDER_ELEMENTS_MAX`). */
  elements: number;
  /** Most lines of text drawn, every text box together (`DESIGN_RENDER_TEXT_LINES_MAX`). */
  textLines: number;
  /** Most characters of text drawn, every text box together (`DESIGN_RENDER_TEXT_CHARACTERS_MAX`). */
  textCharacters: number;
}

/** The documented defaults: above anything an ordinary page shows (what a text box can show is bounded by its size first). */
export const DEFAULT_RENDER_BUDGET: RenderBudget = { elements: 1000, textLines: 2000, textCharacters: 20_000 };

/** What a drawing left out to stay within its budget (all zero for an ordinary page). */
export interface LeftOut {
  /** Elements past the element budget, not drawn at all. */
  elements: number;
  /** Text boxes drawn without some of their text: lines past the page's budgets (lines a box cannot show are not counted). */
  textBoxesCut: number;
}

/**
 * The narrowest a character that moves the pen is, in em (a hair space; the narrowest letters of
 * common sans-serif fonts are 0.2 em and more). A line of a text box `width` wide cannot show more than
 * its first `width / (0.1 × font size)` characters: those past them are left out. Text is never wrapped,
 * so a line runs on to the right past its box.
 */
const NARROWEST_EM = 0.1;

/**
 * Characters of right-to-left scripts and the controls that turn text right to left: a line holding
 * one may be laid out from its end, so its tail is not cut by the box's width (the page's allowance
 * still bounds it).
 */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDFFF]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDFFF]/;

/** What is left of the page's allowance while its text boxes are drawn. */
interface TextAllowance {
  lines: number;
  characters: number;
}

const BLANKS = /[ \t\r]+/y;

/**
 * Where the first `count` characters of `text[start, end)` end, as they are drawn: a run of blanks is
 * one space at most (SVG collapses them), a surrogate pair one character. Runs of blanks are skipped
 * in one step, so the work is about `count`.
 */
function drawnEnd(text: string, start: number, end: number, count: number): { at: number; drawn: number } {
  let at = start;
  let drawn = 0;
  while (at < end && drawn < count) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 9 || code === 13) {
      BLANKS.lastIndex = at;
      BLANKS.test(text);
      at = Math.min(BLANKS.lastIndex, end);
    } else at += code >= 0xd800 && code <= 0xdbff && at + 1 < end ? 2 : 1;
    drawn++;
  }
  return { at, drawn };
}

/** A line to draw: as it is, unless runs of blanks make it far longer than what it draws (they draw as one space). */
const blanksCollapsed = (line: string, drawn: number) => (line.length > 2 * drawn + 16 ? line.replace(/[ \t]+/g, " ") : line);

/**
 * The text box as SVG: at most the lines it can show, each of at most the characters its width can
 * show, within what is left of the page's allowance (which it uses up). A line moves the pen down only
 * when it draws something (an empty `<tspan>`'s `dy` is dropped), so a box shows at most
 * `ceil(height / line height) + 1` lines that are not empty. Lines are found one at a time: the work is
 * bounded by what is drawn, not by the stored text. `cut`: some text the box could show was left out
 * for the page's allowance.
 */
function textSvg(element: DrawnElement, allowance: TextAllowance): { svg: string; cut: boolean } {
  const size = Math.min(Math.max(element.fontSize ?? 16, 1), 2000);
  const lineHeight = Math.round(size * 1.2);
  const text = element.text ?? "";
  const boxLines = Math.ceil(Math.max(0, element.height) / lineHeight) + 1;
  const boxCharacters = Math.ceil(Math.max(0, element.width) / (size * NARROWEST_EM)) + 1;
  let spans = "";
  let cut = false;
  let linesShown = 0;
  for (let start = 0, i = 0; start <= text.length && linesShown < boxLines; i++) {
    if (allowance.lines === 0) {
      cut = true;
      break;
    }
    const newline = text.indexOf("\n", start);
    const next = newline === -1 ? text.length + 1 : newline + 1;
    const end = newline === -1 ? text.length : newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    let shown = drawnEnd(text, start, end, Math.min(boxCharacters, allowance.characters));
    if (shown.at < end && RIGHT_TO_LEFT.test(text.slice(start, shown.at))) {
      // Laid out from its end: the box's width does not tell which characters are seen.
      shown = drawnEnd(text, start, end, allowance.characters);
      cut = shown.at < end;
    } else cut = shown.at < end && allowance.characters < boxCharacters;
    if (cut && shown.drawn === 0) break;
    const escaped = escapeXml(blanksCollapsed(text.slice(start, shown.at), shown.drawn));
    if (escaped !== "") linesShown++;
    allowance.lines--;
    allowance.characters -= shown.drawn;
    spans += `<tspan x="0" dy="${i === 0 ? size : lineHeight}">${escaped}</tspan>`;
    if (cut) break;
    start = next;
  }
  return { svg: `<svg ${box(element)} overflow="hidden"><text x="0" y="0" font-family="sans-serif" font-size="${size}" fill="${colour(element.color, "#000000")}">${spans}</text></svg>`, cut };
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
 * thumbnail's); the page is fitted into it, centred. Within `budget`: what is past it is left out and
 * counted in `leftOut`.
 */
export function boundedPageSvg(
  page: PageSize,
  elements: readonly DrawnElement[],
  images: ReadonlyMap<string, string>,
  target: DrawTarget = thumbnailSize(page),
  budget: RenderBudget = DEFAULT_RENDER_BUDGET,
): { svg: string; leftOut: LeftOut } {
  const { width, height } = target;
  const allowance: TextAllowance = { lines: budget.textLines, characters: budget.textCharacters };
  const leftOut: LeftOut = { elements: Math.max(0, elements.length - budget.elements), textBoxesCut: 0 };
  const drawn = elements.slice(0, budget.elements).map((element) => {
    if (element.kind === "shape") return shapeSvg(element);
    if (element.kind === "text") {
      const text = textSvg(element, allowance);
      if (text.cut) leftOut.textBoxesCut++;
      return text.svg;
    }
    const href = images.get(element.id);
    if (!href) return `<rect ${box(element)} fill="${PLACEHOLDER_FILL}"/>`;
    return `<image ${box(element)} preserveAspectRatio="none" href="${escapeXml(href)}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${page.width} ${page.height}">`
    + `${target.transparent ? "" : `<rect width="${page.width}" height="${page.height}" fill="#ffffff"/>`}${drawn.join("")}</svg>`;
  return { svg, leftOut };
}

/** The page as SVG (`boundedPageSvg`), within the default budget unless another is given. */
export const pageSvg = (...drawing: Parameters<typeof boundedPageSvg>): string => boundedPageSvg(...drawing).svg;
