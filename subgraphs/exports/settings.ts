import type { Settings } from "../../lib/settings.js";
import { renderSettings } from "../designs/public.js";

export type ExportsSettings = ReturnType<typeof exportsSettings>;

export function exportsSettings(settings: Settings) {
  return {
    /**
     * Most pixels one exported image may have (a page, a stacked single image, a frame). A `width` /
     * `height` asking for more is refused (400); a page larger than this without a size asked is drawn
     * scaled down to fit. Bounds a worker's memory: about 4 bytes a pixel while drawing.
     */
    maxPixels: settings.positiveInt("EXPORT_MAX_PIXELS", 40_000_000),
    /**
     * Most pixels a GIF or PPTX export draws in all pages together: those encoders hold every page
     * until the file is written (PDF, PNG and JPEG pages are written one at a time). More is a 400.
     */
    maxTotalPixels: settings.positiveInt("EXPORT_MAX_TOTAL_PIXELS", 100_000_000),
    /** Exports of one design, by anyone, per 5 minutes (documented quota; 429 with Retry-After past it). */
    perDesignPer5Minutes: settings.positiveInt("EXPORTS_PER_DESIGN_PER_5_MINUTES", 75),
    /** Exports one user starts per 24 hours, through any integration (documented quota). */
    perUserPerDay: settings.positiveInt("EXPORTS_PER_USER_PER_DAY", 500),
    /** How pages are drawn: the designs domain's render budget (`DESIGN_RENDER_*`, documented there). */
    render: renderSettings(settings),
  };
}
