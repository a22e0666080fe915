import type { Settings } from "../../lib/settings.js";
import { DEFAULT_VIDEO_LIMITS } from "./domain/video-facts.js";

export type AssetsSettings = ReturnType<typeof assetsSettings>;

export function assetsSettings(settings: Settings) {
  return {
    /** Largest asset accepted (upload or fetched); more fails the job with `file_too_big`. */
    maxBytes: settings.byteSize("ASSET_MAX_BYTES", "100mb"),
    /** Largest image decoded, in pixels (width × height): a larger one fails its job before it is decoded. */
    maxPixels: settings.positiveInt("ASSET_MAX_PIXELS", 100_000_000),
    /** What a video's header may declare: longer, or a larger header, fails its job before more is read. */
    video: {
      maxSeconds: settings.positiveInt("ASSET_VIDEO_MAX_SECONDS", DEFAULT_VIDEO_LIMITS.maxSeconds),
      maxHeaderBytes: settings.byteSize("ASSET_VIDEO_MAX_HEADER_BYTES", "16mb"),
    },
    /** Largest video fetched from a URL (documented: 100 MB). */
    maxUrlVideoBytes: settings.byteSize("URL_VIDEO_MAX_BYTES", "100mb"),
    /** Time limit of one URL fetch, redirects included. */
    fetchTimeoutMs: settings.positiveInt("URL_FETCH_TIMEOUT_MS", 30_000),
    /** Let URL uploads reach private, loopback and link-local addresses (local use and tests only). */
    allowPrivateUrls: settings.boolean("URL_FETCH_ALLOW_PRIVATE"),
  };
}
