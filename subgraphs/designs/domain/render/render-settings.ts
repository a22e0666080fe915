import type { Settings } from "../../../../lib/settings.js";
import { DEFAULT_RENDER_BUDGET, type RenderBudget } from "./page-svg.js";

/**
 * What drawing a page may spend, on the server: the page's budget of content (`RenderBudget`), the
 * largest picture, the time, and how many pages one process draws at once. Read by the designs domain
 * (thumbnails, the viewer) and the exports domain (its jobs), documented in the designs manifest.
 */
export interface RenderSettings {
  budget: RenderBudget;
  /** Most pixels one drawn picture may have (a thumbnail is at most 400×400; an export page up to `EXPORT_MAX_PIXELS`). */
  maxPixels: number;
  /** A render still running after this is abandoned (sharp's timeout); so is one that waited this long for its turn, for a read. */
  timeoutSeconds: number;
  /** Pages this process draws at once, every caller together (the others wait their turn, first come first served). */
  concurrency: number;
}

/** The documented defaults (`DESIGN_RENDER_*`). */
export const DEFAULT_RENDER_SETTINGS: RenderSettings = { budget: DEFAULT_RENDER_BUDGET, maxPixels: 40_000_000, timeoutSeconds: 20, concurrency: 2 };

export function renderSettings(settings: Settings): RenderSettings {
  const defaults = DEFAULT_RENDER_SETTINGS;
  return {
    budget: {
      elements: settings.positiveInt("DESIGN_RENDER_ELEMENTS_MAX", defaults.budget.elements),
      textLines: settings.positiveInt("DESIGN_RENDER_TEXT_LINES_MAX", defaults.budget.textLines),
      textCharacters: settings.positiveInt("DESIGN_RENDER_TEXT_CHARACTERS_MAX", defaults.budget.textCharacters),
    },
    maxPixels: settings.positiveInt("DESIGN_RENDER_MAX_PIXELS", defaults.maxPixels),
    timeoutSeconds: Math.min(3600, settings.positiveInt("DESIGN_RENDER_TIMEOUT_SECONDS", defaults.timeoutSeconds)),
    concurrency: settings.positiveInt("DESIGN_RENDER_CONCURRENCY", defaults.concurrency),
  };
}
