// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_RENDER_SETTINGS, renderSettings } from "../domain/render/render-settings.js";
import { Settings } from "../../../lib/settings.js";
import manifest from "../manifest.js";

test("the render budget's documented defaults are the ones the code reads", () => {
  const documented = new Map((manifest.settingDocs ?? []).map((row) => [row.names[0], row.default]));
  const shown = (value: number) => `\`${value}\``;
  const { budget, maxPixels, timeoutSeconds, concurrency } = DEFAULT_RENDER_SETTINGS;
  assert.deepEqual(
    ["DESIGN_RENDER_ELEMENTS_MAX", "DESIGN_RENDER_TEXT_LINES_MAX", "DESIGN_RENDER_TEXT_CHARACTERS_MAX", "DESIGN_RENDER_MAX_PIXELS", "DESIGN_RENDER_TIMEOUT_SECONDS", "DESIGN_RENDER_CONCURRENCY"].map((name) => documented.get(name)),
    [budget.elements, budget.textLines, budget.textCharacters, maxPixels, timeoutSeconds, concurrency].map(shown),
  );
  assert.deepEqual(renderSettings(new Settings({})), DEFAULT_RENDER_SETTINGS);
});
