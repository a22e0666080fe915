import type { SettingDoc } from "../../../../lib/modules/domain-manifest.js";
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

const shown = (value: number) => `\`${value}\``;

/** The render budget's rows of docs/configuration.md (the designs manifest's `settingDocs`). */
export const RENDER_SETTING_DOCS: readonly SettingDoc[] = [
  {
    names: ["DESIGN_RENDER_ELEMENTS_MAX"],
    default: shown(DEFAULT_RENDER_SETTINGS.budget.elements),
    meaning: "most elements drawn of one page (thumbnails, the viewer, exports), back to front: those on top past it are left out and the render is logged",
  },
  {
    names: ["DESIGN_RENDER_TEXT_LINES_MAX"],
    default: shown(DEFAULT_RENDER_SETTINGS.budget.textLines),
    meaning: "most lines of text drawn on one page, every text box together; lines a box cannot show (below it) are never drawn nor counted; past it the rest of the page's text is left out and the render is logged",
  },
  {
    names: ["DESIGN_RENDER_TEXT_CHARACTERS_MAX"],
    default: shown(DEFAULT_RENDER_SETTINGS.budget.textCharacters),
    meaning: "most characters of text drawn on one page, every text box together; characters a line cannot show (past its box's width at a tenth of an em each) are never drawn nor counted; past it the rest is left out and the render is logged",
  },
  {
    names: ["DESIGN_RENDER_MAX_PIXELS"],
    default: shown(DEFAULT_RENDER_SETTINGS.maxPixels),
    meaning: "most pixels of one drawn page (sharp's input limit is set from the picture asked for); keep `EXPORT_MAX_PIXELS` at or under it, else larger export pages fail",
  },
  {
    names: ["DESIGN_RENDER_TIMEOUT_SECONDS"],
    default: shown(DEFAULT_RENDER_SETTINGS.timeoutSeconds),
    meaning: "a page's render still running after this is abandoned (at most 3600): a thumbnail is then null (the viewer says the page could not be drawn) for that version, an export job fails (`internal_failure`); a read also gives up after waiting this long for a turn",
  },
  {
    names: ["DESIGN_RENDER_CONCURRENCY"],
    default: shown(DEFAULT_RENDER_SETTINGS.concurrency),
    meaning: "pages one process draws at once (thumbnails and exports together; sharp works on libuv's threadpool, 4 threads unless `UV_THREADPOOL_SIZE`): the others wait their turn",
  },
];
