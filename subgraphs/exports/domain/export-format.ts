import { ValidationError } from "../../../lib/errors.js";

export const PAPER_SIZES = ["a4", "a3", "letter", "legal"] as const;
export const VIDEO_QUALITIES = [
  "horizontal_480p", "horizontal_720p", "horizontal_1080p", "horizontal_4k",
  "vertical_480p", "vertical_720p", "vertical_1080p", "vertical_4k",
] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
/** `regular` (the default) or `pro` (finer output; needs a plan with premium features). */
export type ExportQuality = "regular" | "pro";
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** Documented bounds of the options. */
export const SIDE = { min: 40, max: 25_000 };
export const JPEG_QUALITY = { min: 1, max: 100 };
export const PAGES_LISTED_MAX = 500;

/** What the caller asked for, as the graph's `ExportFormatInput` carries it (absent options are null or undefined). */
export interface ExportFormatRequest {
  type: "pdf" | "jpg" | "png" | "gif" | "pptx" | "mp4";
  exportQuality?: ExportQuality | null;
  size?: PaperSize | null;
  quality?: number | null;
  videoQuality?: VideoQuality | null;
  width?: number | null;
  height?: number | null;
  lossless?: boolean | null;
  transparentBackground?: boolean | null;
  asSingleImage?: boolean | null;
  pages?: number[] | null;
}

/** A requested image size: either side may be left to the page's aspect. */
export interface RequestedSize {
  width?: number;
  height?: number;
}

/** The export quality a format was asked in (every format the specification gives `export_quality`: all but pptx). */
interface Quality {
  exportQuality: ExportQuality;
}

/** The export as the worker runs it: every default applied, nothing it does not use. */
export type ExportFormat =
  | ({ type: "pdf"; size: PaperSize } & Quality)
  | ({ type: "png"; lossless: boolean; transparent: boolean; singleImage: boolean } & RequestedSize & Quality)
  | ({ type: "jpg"; quality: number } & RequestedSize & Quality)
  | ({ type: "gif" } & RequestedSize & Quality)
  | { type: "pptx" }
  | ({ type: "mp4"; videoQuality: VideoQuality } & Quality);

/** Whether the export was asked in `pro` quality. */
export const inProQuality = (format: ExportFormat): boolean => "exportQuality" in format && format.exportQuality === "pro";

/** The options each format takes (besides `type` and `pages`); any other one given is refused. */
const OPTIONS: Record<ExportFormatRequest["type"], (keyof ExportFormatRequest)[]> = {
  pdf: ["exportQuality", "size"],
  png: ["exportQuality", "width", "height", "lossless", "transparentBackground", "asSingleImage"],
  jpg: ["exportQuality", "quality", "width", "height"],
  gif: ["exportQuality", "width", "height"],
  pptx: [],
  mp4: ["exportQuality", "videoQuality"],
};

/** The REST body's names of the options, for messages. */
const FIELD_NAMES: Partial<Record<keyof ExportFormatRequest, string>> = {
  exportQuality: "export_quality",
  videoQuality: "quality",
  transparentBackground: "transparent_background",
  asSingleImage: "as_single_image",
};
export const fieldName = (option: keyof ExportFormatRequest) => `format.${FIELD_NAMES[option] ?? option}`;

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function side(value: number | null | undefined, option: "width" | "height"): number | undefined {
  if (!given(value)) return undefined;
  if (!Number.isInteger(value) || value < SIDE.min || value > SIDE.max) {
    throw new ValidationError(fieldName(option), `${fieldName(option)} must be an integer from ${SIDE.min} to ${SIDE.max}`);
  }
  return value;
}

function sizeOf(request: ExportFormatRequest): RequestedSize {
  const width = side(request.width, "width");
  const height = side(request.height, "height");
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

/** Refuses options the format does not take (a likely mistake: they would be silently ignored). */
function refuseForeignOptions(request: ExportFormatRequest): void {
  const allowed = new Set<keyof ExportFormatRequest>(["type", "pages", ...OPTIONS[request.type]]);
  for (const [option, value] of Object.entries(request) as [keyof ExportFormatRequest, unknown][]) {
    if (!allowed.has(option) && given(value)) throw new ValidationError(fieldName(option), `${fieldName(option)} does not apply to ${request.type} exports`);
  }
}

/** The format with its defaults, or a 400 naming the option that is wrong. */
export function normalizedFormat(request: ExportFormatRequest): ExportFormat {
  refuseForeignOptions(request);
  const exportQuality = request.exportQuality ?? "regular";
  switch (request.type) {
    case "pdf":
      return { type: "pdf", size: request.size ?? "a4", exportQuality };
    case "png":
      return { type: "png", lossless: request.lossless ?? true, transparent: request.transparentBackground ?? false, singleImage: request.asSingleImage ?? false, ...sizeOf(request), exportQuality };
    case "jpg": {
      const { quality } = request;
      if (!given(quality)) throw new ValidationError(fieldName("quality"), "format.quality is required for jpg exports");
      if (!Number.isInteger(quality) || quality < JPEG_QUALITY.min || quality > JPEG_QUALITY.max) {
        throw new ValidationError(fieldName("quality"), `format.quality must be an integer from ${JPEG_QUALITY.min} to ${JPEG_QUALITY.max}`);
      }
      return { type: "jpg", quality, ...sizeOf(request), exportQuality };
    }
    case "gif":
      return { type: "gif", ...sizeOf(request), exportQuality };
    case "pptx":
      return { type: "pptx" };
    case "mp4":
      if (!given(request.videoQuality)) throw new ValidationError(fieldName("videoQuality"), "format.quality is required for mp4 exports (for example horizontal_1080p)");
      return { type: "mp4", videoQuality: request.videoQuality, exportQuality };
  }
}

/** The pages asked for (one-based, each once, in page order), or every page; a page the design lacks is a 400. */
export function selectedPages(pages: number[] | null | undefined, pageCount: number): number[] {
  if (!given(pages)) return Array.from({ length: pageCount }, (_v, i) => i + 1);
  if (pages.length < 1 || pages.length > PAGES_LISTED_MAX) throw new ValidationError("format.pages", `format.pages must list 1 to ${PAGES_LISTED_MAX} page numbers`);
  const outside = [...new Set(pages.filter((page) => !Number.isInteger(page) || page < 1 || page > pageCount))].slice(0, 10);
  if (outside.length > 0) {
    throw new ValidationError("format.pages", `Requested page(s) [${outside.join(", ")}] of a design with ${pageCount} page(s): each page number must be from 1 to ${pageCount}`);
  }
  return [...new Set(pages)].sort((a, b) => a - b);
}
