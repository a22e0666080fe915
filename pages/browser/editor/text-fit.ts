// Text boxes big enough for their words. The renderer the editor shares with thumbnails and exports
// (subgraphs/designs/domain/render/page-svg.ts) draws a text box's lines as they are and clips what
// leaves the box, so the editor grows the box to its text instead: what the page shows, every export shows.
import type { Box } from "./canvas.js";

/** As the renderer draws text: the first baseline one size down, each next line 1.2 sizes lower, sizes 1 to 2000. */
const LINE_HEIGHT = 1.2;
const SIZE_MAX = 2000;
/** Room below the last baseline for descenders (g, p, y), in sizes. */
const DESCENT = 0.3;
/** Room beside the words, for a sans-serif a little wider than this browser's (the server's, say). */
const SLACK = 1.06;

let context: CanvasRenderingContext2D | null | undefined;

/** The smallest box, in page pixels, that shows `text` at `fontSize` as the renderer draws it. */
export function textExtent(text: string, fontSize: number): { width: number; height: number } {
  const size = Math.min(Math.max(fontSize, 1), SIZE_MAX);
  const lines = text.split(/\r?\n/);
  context ??= document.createElement("canvas").getContext("2d");
  let widest: number;
  if (context) {
    context.font = `${size}px sans-serif`;
    widest = Math.max(...lines.map((line) => context!.measureText(line).width));
  } else widest = Math.max(...lines.map((line) => line.length)) * size * 0.6;
  return {
    width: Math.max(1, Math.ceil(widest * SLACK)),
    height: Math.ceil(size + (lines.length - 1) * Math.round(size * LINE_HEIGHT) + size * DESCENT),
  };
}

/**
 * `box` grown (never shrunk) so that `text` shows whole, kept on the page where it was on it (it moves
 * left or up as much as it grows past the page's edge); only the properties that change, or nothing.
 */
export function grownToFit(box: Box, text: string, fontSize: number, page: { width: number; height: number }): Partial<Box> {
  const needed = textExtent(text, fontSize);
  const changes: Partial<Box> = {};
  if (needed.width > box.width) {
    changes.width = needed.width;
    const past = box.x + needed.width - Math.max(page.width, box.x + box.width);
    if (past > 0 && box.x > 0) changes.x = Math.max(0, box.x - past);
  }
  if (needed.height > box.height) {
    changes.height = needed.height;
    const past = box.y + needed.height - Math.max(page.height, box.y + box.height);
    if (past > 0 && box.y > 0) changes.y = Math.max(0, box.y - past);
  }
  return changes;
}
