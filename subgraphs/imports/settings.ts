import type { Settings } from "../../lib/settings.js";

export type ImportsSettings = ReturnType<typeof importsSettings>;

export function importsSettings(settings: Settings) {
  return {
    /** Largest file imported (sent or fetched); more fails the job with `file_too_big`. */
    maxBytes: settings.byteSize("IMPORT_MAX_BYTES", "100mb"),
    /** Most pages (PDF pages, slides) one import may have; more fails the job with `invalid_file`. */
    maxPages: settings.positiveInt("IMPORT_MAX_PAGES", 500),
    /** Largest image decoded (the assets domain's limit, shared). */
    maxPixels: settings.positiveInt("ASSET_MAX_PIXELS", 100_000_000),
    /** Time limit of one URL fetch, redirects included (shared with URL asset uploads). */
    fetchTimeoutMs: settings.positiveInt("URL_FETCH_TIMEOUT_MS", 30_000),
    /** Let URL imports reach private, loopback and link-local addresses (local use and tests only). */
    allowPrivateUrls: settings.boolean("URL_FETCH_ALLOW_PRIVATE"),
  };
}
