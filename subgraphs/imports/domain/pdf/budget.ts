/** What one PDF import may cost; each limit is a setting (docs/settings.md). */
export interface PdfBudget {
  /** Pages (IMPORT_MAX_PAGES). */
  maxPages: number;
  /** Pixels one embedded image may declare (IMPORT_PDF_MAX_IMAGE_PIXELS); a page holding a larger one fails the import. */
  maxImagePixels: number;
  /** Area of one page in design pixels (IMPORT_PDF_MAX_PAGE_PIXELS); a larger page fails the import. */
  maxPagePixels: number;
  /** Pixels one page is drawn at, at most (IMPORT_PDF_RENDER_PIXELS); a larger page is drawn at a smaller scale. */
  renderPixels: number;
  /** Pixels drawn for the whole import (IMPORT_PDF_MAX_TOTAL_PIXELS), checked before any page is drawn. */
  maxTotalPixels: number;
}

export interface PdfPage {
  /** The page's size in design pixels (points × 4/3, rounded; at least 1). */
  width: number;
  height: number;
}

/** What the decoder sends back: the pages' sizes, then each drawn page's PNG file. */
export type PdfEvent = { kind: "pages"; pages: PdfPage[] } | { kind: "drawn"; number: number; file: string };

export interface PdfJob {
  file: string;
  outputDir: string;
  budget: PdfBudget;
}
