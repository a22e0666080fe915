import type { Sharp } from "sharp";
import type { DrawnPage, DrawTarget } from "../../../designs/public.js";
import type { PixelSize } from "../export-plan.js";

/** One file an export produces (stored, then handed out by a signed URL): its bytes, or a stream of them. */
export interface ExportFile {
  name: string;
  contentType: string;
  bytes: Buffer | AsyncIterable<Uint8Array>;
}

/** The selected pages, drawn one at a time on demand (a worker never holds more than the encoder needs). */
export interface DrawnPages {
  /** One target per page, in order. */
  targets: DrawTarget[];
  /** Page `index` (0-based among the selected) drawn into its target, in a turn of the process's renders: end it with `done`. */
  draw(index: number): Promise<DrawnPage>;
}

/** Page `index` drawn and encoded by `encode`; its render's turn ends with the encoding. */
export async function encodedPage<T>(pages: DrawnPages, index: number, encode: (image: Sharp) => Promise<T>): Promise<T> {
  const drawn = await pages.draw(index);
  try {
    return await encode(drawn.image);
  } finally {
    drawn.done();
  }
}

/** How long each page is shown in an animation or video. */
export const SECONDS_PER_PAGE = 2;

/** Where a `size` box goes inside `frame`, fitted (aspect kept) and centred. */
export function fittedInto(size: PixelSize, frame: PixelSize): PixelSize & { left: number; top: number } {
  const scale = Math.min(frame.width / size.width, frame.height / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  return { width, height, left: (frame.width - width) / 2, top: (frame.height - height) / 2 };
}

/** Every page as PNG bytes, in order. */
export async function pagePngs(pages: DrawnPages): Promise<Buffer[]> {
  const pngs: Buffer[] = [];
  for (const [index] of pages.targets.entries()) pngs.push(await encodedPage(pages, index, (image) => image.png().toBuffer()));
  return pngs;
}
