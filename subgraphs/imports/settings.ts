import type { Settings } from "../../lib/settings.js";

export type ImportsSettings = ReturnType<typeof importsSettings>;

export function importsSettings(settings: Settings) {
  const maxPages = settings.positiveInt("IMPORT_MAX_PAGES", 500);
  return {
    /** Largest file imported (sent or fetched); more fails the job with `invalid_file` (saying it is too big). */
    maxBytes: settings.byteSize("IMPORT_MAX_BYTES", "100mb"),
    /** Most pages (PDF pages, slides) one import may have; more fails the job with `invalid_file`. */
    maxPages,
    /** Largest image decoded (the assets domain's limit, shared). */
    maxPixels: settings.positiveInt("ASSET_MAX_PIXELS", 100_000_000),
    /** Time limit of one URL fetch, redirects included (shared with URL asset uploads). */
    fetchTimeoutMs: settings.positiveInt("URL_FETCH_TIMEOUT_MS", 30_000),
    /** Let URL imports reach private, loopback and link-local addresses (local use and tests only). */
    allowPrivateUrls: settings.boolean("URL_FETCH_ALLOW_PRIVATE"),
    /** What reading a PPTX may cost (docs/settings.md, "Imports"); past any of it the job fails with `invalid_file`. */
    presentation: {
      maxPages,
      maxElementsPerPage: settings.positiveInt("IMPORT_MAX_ELEMENTS_PER_PAGE", 1_000),
      maxElements: settings.positiveInt("IMPORT_MAX_ELEMENTS", 5_000),
      zip: {
        maxEntries: settings.positiveInt("IMPORT_ZIP_MAX_ENTRIES", 10_000),
        maxPartBytes: settings.byteSize("IMPORT_ZIP_MAX_PART_BYTES", "8mb"),
        maxTotalBytes: settings.byteSize("IMPORT_ZIP_MAX_INFLATED_BYTES", "64mb"),
      },
    },
    /** What reading a PDF may cost; past any of it the job fails with `invalid_file`. */
    pdf: {
      maxPages,
      maxImagePixels: settings.positiveInt("IMPORT_PDF_MAX_IMAGE_PIXELS", 16_000_000),
      maxPagePixels: settings.positiveInt("IMPORT_PDF_MAX_PAGE_PIXELS", 400_000_000),
      renderPixels: settings.positiveInt("IMPORT_PDF_RENDER_PIXELS", 16_000_000),
      maxTotalPixels: settings.positiveInt("IMPORT_PDF_MAX_TOTAL_PIXELS", 1_000_000_000),
    },
    /** The PDF decoder process: its resident memory and its time for one file; past either the job fails with `invalid_file`. */
    decoder: {
      memoryBytes: settings.byteSize("IMPORT_DECODER_MAX_MEMORY", "768mb"),
      timeoutMs: settings.positiveInt("IMPORT_DECODER_TIMEOUT_MS", 300_000),
    },
  };
}
