import sharp from "sharp";
import type { PixelSize } from "../export-plan.js";
import { encodedPage, pagePngs, type DrawnPages, type ExportFile } from "./export-file.js";

export interface PngOptions {
  lossless: boolean;
  /** `pro` quality: a lossy PNG's palette is searched for hardest (effort 10, else 7); a lossless PNG is exact either way. */
  pro: boolean;
}

const pngSettings = ({ lossless, pro }: PngOptions) => ({ palette: !lossless, ...(pro && !lossless ? { effort: 10 } : {}) });

/** PNG: one file per page, each given out as soon as it is drawn; `lossless: false` quantizes to a palette (smaller, a little lossy). */
export async function* pngFiles(pages: DrawnPages, options: PngOptions): AsyncGenerator<ExportFile> {
  for (const [index] of pages.targets.entries()) {
    const bytes = await encodedPage(pages, index, (image) => image.png(pngSettings(options)).toBuffer());
    yield { name: `page-${index + 1}.png`, contentType: "image/png", bytes };
  }
}

/**
 * JPEG: one file per page at the quality asked (1..100), each given out as soon as it is drawn. In `pro`
 * quality colour keeps the full resolution (4:4:4); `regular` halves it both ways (4:2:0), as most JPEGs do.
 */
export async function* jpegFiles(pages: DrawnPages, options: { quality: number; pro: boolean }): AsyncGenerator<ExportFile> {
  const settings = { quality: options.quality, chromaSubsampling: options.pro ? "4:4:4" : "4:2:0" };
  for (const [index] of pages.targets.entries()) {
    const bytes = await encodedPage(pages, index, (image) => image.jpeg(settings).toBuffer());
    yield { name: `page-${index + 1}.jpg`, contentType: "image/jpeg", bytes };
  }
}

/** PNG, every page stacked top to bottom in one image as wide as the widest page (narrower ones centred). */
export async function stackedPng(pages: DrawnPages, canvas: PixelSize, options: PngOptions & { transparent: boolean }): Promise<ExportFile[]> {
  const pngs = await pagePngs(pages);
  let top = 0;
  const placed = pngs.map((input, index) => {
    const { width, height } = pages.targets[index];
    const layer = { input, top, left: Math.floor((canvas.width - width) / 2) };
    top += height;
    return layer;
  });
  const background = options.transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
  const bytes = await sharp({ create: { ...canvas, channels: 4, background }, limitInputPixels: false })
    .composite(placed)
    .png(pngSettings(options))
    .toBuffer();
  return [{ name: "design.png", contentType: "image/png", bytes }];
}
