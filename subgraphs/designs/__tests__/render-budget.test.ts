// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { DesignElement, DesignPage } from "../../../generated/prisma/client.js";
import { createLogger } from "../../../lib/logger.js";
import { encodedPage, RenderAbandonedError, rendersNow, type RenderDependencies } from "../domain/render/draw-page.js";
import { boundedPageSvg, DEFAULT_RENDER_BUDGET, pageSvg, type DrawnElement } from "../domain/render/page-svg.js";
import { DEFAULT_RENDER_SETTINGS } from "../domain/render/render-settings.js";

const none = { text: null, fontSize: null, color: null, shape: null, fill: null } as const;
const text = (id: string, value: string, box: Partial<DrawnElement> = {}): DrawnElement => ({ ...none, id, kind: "text", text: value, fontSize: 16, color: "#000000", x: 0, y: 0, width: 400, height: 400, ...box });
const PAGE = { width: 1920, height: 1080 };
const spans = (svg: string) => [...svg.matchAll(/<tspan x="0" dy="\d+">([^<]*)<\/tspan>/g)].map((match) => match[1]);

/** An ordinary page: shapes, text boxes (escaping, \r\n, an empty line, blanks, a line past its box, one off the page), images and a placeholder. */
const ORDINARY: DrawnElement[] = [
  { ...none, id: "Ebg", kind: "shape", shape: "rect", fill: "#f0f0ff", x: -20, y: -20, width: 1960, height: 1120 },
  { ...none, id: "Edot", kind: "shape", shape: "ellipse", fill: "not a colour", x: 1500, y: 700, width: 300, height: 200 },
  { ...none, id: "Etitle", kind: "text", text: 'Quarterly  review\r\n<Q3> & "plans"\n\nLast  line', fontSize: 64, color: "#1e3cdc", x: 100, y: 80, width: 1200, height: 400 },
  { ...none, id: "Ebody", kind: "text", text: "Tab\there, a long-ish line of body copy that runs on for a while past the edge of its box perhaps", x: 100, y: 600, width: 500, height: 40 },
  { ...none, id: "Eoff", kind: "text", text: "off the page", fontSize: 20, color: "#000000", x: 3000, y: 3000, width: 100, height: 100 },
  { ...none, id: "Eimg", kind: "image", x: 1300, y: 100, width: 500, height: 400 },
  { ...none, id: "Emissing", kind: "image", x: 1300, y: 550, width: 200, height: 100 },
];
const IMAGES = new Map([["Eimg", "data:image/png;base64,iVBORw0KGgo="]]);

/** What the renderer drew for ORDINARY before it had a budget (thumbnail target). */
const ORDINARY_BEFORE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225" viewBox="0 0 1920 1080"><rect width="1920" height="1080" fill="#ffffff"/><rect x="-20" y="-20" width="1960" height="1120" fill="#f0f0ff"/><ellipse cx="1650" cy="800" rx="150" ry="100" fill="#000000"/><svg x="100" y="80" width="1200" height="400" overflow="hidden"><text x="0" y="0" font-family="sans-serif" font-size="64" fill="#1e3cdc"><tspan x="0" dy="64">Quarterly  review</tspan><tspan x="0" dy="77">&lt;Q3&gt; &amp; &quot;plans&quot;</tspan><tspan x="0" dy="77"></tspan><tspan x="0" dy="77">Last  line</tspan></text></svg><svg x="100" y="600" width="500" height="40" overflow="hidden"><text x="0" y="0" font-family="sans-serif" font-size="16" fill="#000000"><tspan x="0" dy="16">Tab\there, a long-ish line of body copy that runs on for a while past the edge of its box perhaps</tspan></text></svg><svg x="3000" y="3000" width="100" height="100" overflow="hidden"><text x="0" y="0" font-family="sans-serif" font-size="20" fill="#000000"><tspan x="0" dy="20">off the page</tspan></text></svg><image x="1300" y="100" width="500" height="400" preserveAspectRatio="none" href="data:image/png;base64,iVBORw0KGgo="/><rect x="1300" y="550" width="200" height="100" fill="#d9d9d9"/></svg>';

describe("the render budget of a page's SVG", () => {
  test("an ordinary page is drawn exactly as before the budget, nothing left out", () => {
    assert.equal(pageSvg(PAGE, ORDINARY, IMAGES), ORDINARY_BEFORE);
    const transparent = boundedPageSvg(PAGE, ORDINARY, IMAGES, { width: 1600, height: 900, transparent: true });
    assert.equal(transparent.svg, ORDINARY_BEFORE.replace('width="400" height="225"', 'width="1600" height="900"').replace('<rect width="1920" height="1080" fill="#ffffff"/>', ""));
    assert.deepEqual(transparent.leftOut, { elements: 0, textBoxesCut: 0 });
  });

  test("the bomb of issue #48 (480 boxes of 2,000 lines): only what the boxes can show, within the page's allowance, the same every time", () => {
    const bomb = Array.from({ length: 2000 }, (_v, i) => String(i).padStart(4, "0")).join("\n");
    const elements = Array.from({ length: 480 }, (_v, i) => text(`E${i}`, bomb, { width: 1920, height: 1080 }));
    const { svg, leftOut } = boundedPageSvg(PAGE, elements, new Map());
    const lines = spans(svg);
    assert.equal(lines.length, DEFAULT_RENDER_BUDGET.textLines, "the page's lines");
    // Each box shows ceil(1080 / 19) + 1 = 58 lines: 2000 / 58 boxes are drawn whole, the next is cut, the rest draw no text.
    assert.deepEqual(lines.slice(0, 59), [...Array.from({ length: 58 }, (_v, i) => String(i).padStart(4, "0")), "0000"]);
    assert.deepEqual(leftOut, { elements: 0, textBoxesCut: 480 - 34 });
    assert.ok(svg.length < 200_000, `the SVG is ${svg.length} characters (the bomb's was 29 million)`);
    assert.equal(boundedPageSvg(PAGE, elements, new Map()).svg, svg, "deterministic");
  });

  test("a box shows ceil(height / line height) + 1 lines that draw something; empty lines move nothing but count against the page", () => {
    const twenty = Array.from({ length: 20 }, (_v, i) => `line ${i}`).join("\n");
    assert.equal(spans(pageSvg(PAGE, [text("a", twenty, { height: 40 })], new Map())).length, 4, "ceil(40 / 19) + 1");
    assert.deepEqual(spans(pageSvg(PAGE, [text("a", `\n\n\n${twenty}`, { height: 19 })], new Map())), ["", "", "", "line 0", "line 1"]);
    const { svg, leftOut } = boundedPageSvg(PAGE, [text("a", "\n".repeat(100_000)), text("b", "after")], new Map(), undefined, { ...DEFAULT_RENDER_BUDGET, textLines: 50 });
    assert.equal(spans(svg).length, 50);
    assert.deepEqual(leftOut, { elements: 0, textBoxesCut: 2 });
  });

  test("a line shows at most ceil(width / (0.1 × font size)) + 1 characters as drawn: blanks collapse, surrogate pairs stay whole, right-to-left lines run whole", () => {
    const cut = (value: string, box: Partial<DrawnElement> = {}) => spans(pageSvg(PAGE, [text("a", value, { width: 16, ...box })], new Map()));
    assert.deepEqual(cut("x".repeat(500)), ["x".repeat(11)], "ceil(16 / 1.6) + 1");
    assert.deepEqual(cut(`${" ".repeat(300)}WW${"x".repeat(20)}`, { width: 8 }), [" WWxxx"], "a run of blanks draws as one space");
    assert.deepEqual(cut("😀".repeat(40)), ["😀".repeat(11)], "a pair is one character");
    assert.deepEqual(cut("😀".repeat(40), { width: 1 }).map((line) => line.length), [4]);
    const hebrew = "שלום ".repeat(30);
    assert.deepEqual(cut(hebrew), [hebrew], "laid out from its end: not cut by the box's width");
    assert.deepEqual(cut("x".repeat(500), { fontSize: 2000, width: 1 }), ["xx"]);
  });

  test("the page's characters: a line past the allowance is cut there and noted; elements past the element budget are left out, those on top first", () => {
    const budget = { elements: 3, textLines: 100, textCharacters: 10 };
    const { svg, leftOut } = boundedPageSvg(PAGE, [text("a", "abcdef"), text("b", "ghijklmnop"), text("c", "never"), text("d", "never")], new Map(), undefined, budget);
    assert.deepEqual(spans(svg), ["abcdef", "ghij"]);
    assert.match(svg, /<svg x="0" y="0" width="400" height="400" overflow="hidden"><text [^>]*><\/text><\/svg><\/svg>$/, "the third box is drawn empty");
    assert.deepEqual(leftOut, { elements: 1, textBoxesCut: 2 });
  });
});

describe("drawing pages: one process's renders take turns", () => {
  const page = { id: "P1", designId: "D1", index: 1, width: 100, height: 100 } as DesignPage;
  const deps = (concurrency: number, elements: DesignElement[] = []): RenderDependencies => ({
    files: {} as RenderDependencies["files"],
    log: createLogger("silent"),
    loaders: { elementsByPage: { load: async () => elements }, assetById: { load: async () => null } } as unknown as RenderDependencies["loaders"],
    render: { ...DEFAULT_RENDER_SETTINGS, concurrency },
  });

  test("at most DESIGN_RENDER_CONCURRENCY at once, first come first served; a turn ends however its encoding ends", async () => {
    const releases: (() => void)[] = [];
    const order: number[] = [];
    const renders = Array.from({ length: 5 }, (_v, i) =>
      encodedPage(deps(2), page, { width: 10, height: 10 }, async (image) => {
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        if (i === 1) throw new Error("the encoder failed");
        return image.png().toBuffer();
      }),
    );
    const settled = Promise.allSettled(renders);
    while (releases.length < 2) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(rendersNow(), { running: 2, waiting: 3 });
    for (let next = 0; next < 5; next++) {
      while (releases.length <= next) await new Promise((resolve) => setImmediate(resolve));
      releases[next]();
    }
    const results = await settled;
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.deepEqual(results.map((result) => result.status), ["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    assert.deepEqual(rendersNow(), { running: 0, waiting: 0 });
  });

  test("a read that waits past its wait is abandoned as busy, leaving the queue; a picture over DESIGN_RENDER_MAX_PIXELS is never drawn", async () => {
    let release!: () => void;
    const first = encodedPage(deps(1), page, { width: 10, height: 10 }, (image) => new Promise<Buffer>((resolve) => (release = () => resolve(image.png().toBuffer()))));
    const second = encodedPage(deps(1), page, { width: 10, height: 10 }, (image) => image.png().toBuffer(), { waitSeconds: 0.05 });
    await assert.rejects(second, (error: unknown) => error instanceof RenderAbandonedError && error.reason === "busy");
    assert.deepEqual(rendersNow(), { running: 1, waiting: 0 });
    release();
    await first;
    const huge = encodedPage({ ...deps(1), render: { ...DEFAULT_RENDER_SETTINGS, maxPixels: 99 } }, page, { width: 10, height: 10 }, (image) => image.png().toBuffer());
    await assert.rejects(huge, (error: unknown) => error instanceof RenderAbandonedError && error.reason === "too-large" && /DESIGN_RENDER_MAX_PIXELS/.test(error.message));
    assert.deepEqual(rendersNow(), { running: 0, waiting: 0 });
  });
});
