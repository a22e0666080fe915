import { ValidationError } from "../../../lib/errors.js";
import type { DrawTarget } from "../../designs/public.js";
import type { ExportFormat, PaperSize, RequestedSize, VideoQuality } from "./export-format.js";

export interface PixelSize {
  width: number;
  height: number;
}

/** Paper in PDF points (1/72 inch), portrait; a page wider than tall is put on the paper turned (landscape). */
export const PAPER_POINTS: Record<PaperSize, PixelSize> = {
  a4: { width: 595.28, height: 841.89 },
  a3: { width: 841.89, height: 1190.55 },
  letter: { width: 612, height: 792 },
  legal: { width: 612, height: 1008 },
};

/** Resolution of a PDF export's pages: `regular` 150 dpi (JPEG), `pro` 300 dpi (lossless PNG). */
export const PDF_DPI = { regular: 150, pro: 300 } as const;

/** Frame size of each video quality (H.264 wants even sides). */
export const VIDEO_FRAME: Record<VideoQuality, PixelSize> = {
  horizontal_480p: { width: 854, height: 480 },
  horizontal_720p: { width: 1280, height: 720 },
  horizontal_1080p: { width: 1920, height: 1080 },
  horizontal_4k: { width: 3840, height: 2160 },
  vertical_480p: { width: 480, height: 854 },
  vertical_720p: { width: 720, height: 1280 },
  vertical_1080p: { width: 1080, height: 1920 },
  vertical_4k: { width: 2160, height: 3840 },
};

/** What a worker draws for an export: one target per selected page, and for a stacked single image the canvas. */
export interface ExportPlan {
  targets: DrawTarget[];
  stacked?: PixelSize;
}

const area = (size: PixelSize) => size.width * size.height;
const atLeastOne = (value: number) => Math.max(1, Math.round(value));

/** The page at the size asked: both sides exact (the page fitted in, centred), one side with the page's aspect, or the page's own size. */
export function askedSize(page: PixelSize, asked: RequestedSize): PixelSize {
  if (asked.width && asked.height) return { width: asked.width, height: asked.height };
  if (asked.width) return { width: asked.width, height: atLeastOne((asked.width * page.height) / page.width) };
  if (asked.height) return { width: atLeastOne((asked.height * page.width) / page.height), height: asked.height };
  return { width: page.width, height: page.height };
}

function scaled(size: PixelSize, factor: number): PixelSize {
  return { width: atLeastOne(size.width * factor), height: atLeastOne(size.height * factor) };
}

/** Fits `sizes` (drawn together) into the pixel budget: refused when the caller asked for the size, else scaled down. */
function withinBudget(sizes: PixelSize[], total: number, asked: RequestedSize, maxPixels: number): PixelSize[] {
  if (total <= maxPixels) return sizes;
  if (asked.width || asked.height) {
    const field = asked.width ? "format.width" : "format.height";
    throw new ValidationError(field, `The export would be ${total} pixels, more than the limit of ${maxPixels} (EXPORT_MAX_PIXELS): ask for a smaller width or height`);
  }
  const factor = Math.sqrt(maxPixels / total) * 0.999;
  return sizes.map((size) => scaled(size, factor));
}

function imageTargets(pages: PixelSize[], asked: RequestedSize, maxPixels: number, transparent = false): DrawTarget[] {
  return pages.map((page) => {
    const size = askedSize(page, asked);
    return { ...withinBudget([size], area(size), asked, maxPixels)[0], transparent };
  });
}

/** All pages stacked top to bottom on one canvas as wide as the widest. */
function stackedPlan(pages: PixelSize[], asked: RequestedSize, maxPixels: number, transparent: boolean): ExportPlan {
  const sizes = pages.map((page) => askedSize(page, asked));
  const canvas = { width: Math.max(...sizes.map((size) => size.width)), height: sizes.reduce((sum, size) => sum + size.height, 0) };
  const fitted = withinBudget([canvas, ...sizes], area(canvas), asked, maxPixels);
  return { stacked: fitted[0], targets: fitted.slice(1).map((size) => ({ ...size, transparent })) };
}

/** Every page drawn into the first page's size (animation frames share one size). */
function frameTargets(pages: PixelSize[], asked: RequestedSize, maxPixels: number): DrawTarget[] {
  const [frame] = imageTargets(pages.slice(0, 1), asked, maxPixels);
  return pages.map(() => ({ ...frame }));
}

/** The paper of a PDF page, turned to the page's orientation, in points. */
export function paperFor(page: PixelSize, size: PaperSize): PixelSize {
  const paper = PAPER_POINTS[size];
  return page.width > page.height ? { width: paper.height, height: paper.width } : paper;
}

/** The pixel budgets of one export (EXPORT_MAX_PIXELS, EXPORT_MAX_TOTAL_PIXELS). */
export interface ExportBudget {
  maxPixels: number;
  maxTotalPixels: number;
}

/**
 * What to draw for an export of `pages` (the selected pages' sizes), within the pixel budgets. Run when
 * the job is asked for (a size over a budget is a 400 then) and again by the worker.
 */
export function exportPlan(format: ExportFormat, pages: PixelSize[], budget: ExportBudget): ExportPlan {
  const plan = planned(format, pages, budget.maxPixels);
  checkTotalPixels(format, plan, budget.maxTotalPixels);
  return plan;
}

function planned(format: ExportFormat, pages: PixelSize[], maxPixels: number): ExportPlan {
  switch (format.type) {
    case "pdf": {
      const dpi = PDF_DPI[format.exportQuality];
      const rasters = pages.map((page) => scaled(paperFor(page, format.size), dpi / 72));
      return { targets: rasters.map((raster) => withinBudget([raster], area(raster), {}, maxPixels)[0]) };
    }
    case "png":
      if (format.singleImage) return stackedPlan(pages, format, maxPixels, format.transparent);
      return { targets: imageTargets(pages, format, maxPixels, format.transparent) };
    case "jpg":
      return { targets: imageTargets(pages, format, maxPixels) };
    case "gif":
      return { targets: frameTargets(pages, format, maxPixels) };
    case "pptx":
      return { targets: imageTargets(pages, {}, maxPixels) };
    case "mp4":
      return { targets: pages.map(() => ({ ...VIDEO_FRAME[format.videoQuality] })) };
  }
}

/** Formats whose encoder holds every drawn page until the file is written (the others hold one page at a time). */
const HOLDING_EVERY_PAGE = new Set<ExportFormat["type"]>(["gif", "pptx"]);

/** A GIF or PPTX export draws at most `maxTotalPixels` in all (EXPORT_MAX_TOTAL_PIXELS): its worker holds every page at once. */
function checkTotalPixels(format: ExportFormat, plan: ExportPlan, maxTotalPixels: number): void {
  if (!HOLDING_EVERY_PAGE.has(format.type)) return;
  const total = plan.targets.reduce((sum, target) => sum + area(target), 0);
  if (total > maxTotalPixels) {
    throw new ValidationError(
      "format.pages",
      `The ${format.type} export would draw ${total} pixels in all, more than the limit of ${maxTotalPixels} (EXPORT_MAX_TOTAL_PIXELS): export fewer pages or a smaller size`,
    );
  }
}
