// @tier contract
// @own-process: measures this process's memory while a render bomb is drawn, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { onPlatform } from "../../../testing/assets.js";
import { designAndAssetToken, fetchedPng, startDesignPlatform } from "../../../testing/designs.js";
import { downloaded, exported, openedImage } from "../../../testing/exports.js";
import { longestHealthWait } from "../../../testing/health-watch.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";

/**
 * Finding 3 of security issue #48, "a render bomb": a page of 480 text boxes of 2,000 lines each (what
 * the write limits allowed: 500 elements a page, 10,000 characters each) cost every render of its
 * thumbnail 80–183 s of CPU and about 2 GB. Written straight to the database here: the render path must
 * be safe by itself, also for content stored before any write-time budget.
 */
const BOXES = 480;
const LINES = 2_000;
/** 2,000 lines of four characters: 9,999 characters, within the write limit of 10,000. */
const BOMB_TEXT = Array.from({ length: LINES }, (_v, i) => String(i).padStart(4, "0")).join("\n");

/** What a render of the bomb may take, with the page read or the export job around it. */
const READ_SECONDS = 10;
/** An abandoned render's read: the timeout, then the tile under way (sharp checks the timeout between tiles). */
const ABANDONED_READ_SECONDS = 30;
const ABANDONED_EXPORT_SECONDS = 45;
/** A read of a version already abandoned draws nothing: far under the timeout and a tile (5 s and more here). */
const NOT_DRAWN_AGAIN_SECONDS = 3;
const EXPORT_SECONDS = 20;
/** The process's resident memory may grow this much while the bomb is drawn (it grew about 2 GB per render). */
const MEMORY_BUDGET = 300 * MIB;
/** `/healthz` answers within this, every time it is asked while a render runs. */
const HEALTHZ_MS = 1_000;

const elementId = () => `E${randomBytes(8).toString("hex")}`;

/** A presentation (1920×1080) of `token`'s team whose `pages` pages each hold the bomb: 480 text boxes over the page, 2,000 lines each. */
async function bombDesign(t: TestPlatform, token: string, pages = 1, boxes = BOXES, fontSize = 16): Promise<any> {
  const created = await t.http.post("/v1/designs", { design_type: { type: "preset", name: "presentation" }, title: "Render bomb" }, { token });
  assert.equal(created.status, 200, created.text);
  const design = created.body.design;
  const db = t.platform.runtime.db.prisma;
  const first = await db.designPage.findFirstOrThrow({ where: { designId: design.id } });
  for (let index = 1; index <= pages; index++) {
    const pageId = index === 1 ? first.id : `P${randomBytes(8).toString("hex")}`;
    if (index > 1) await db.designPage.create({ data: { id: pageId, designId: design.id, index, width: 1920, height: 1080 } });
    await db.designElement.createMany({
      data: Array.from({ length: boxes }, (_v, z) => ({ id: elementId(), pageId, kind: "text" as const, text: BOMB_TEXT, fontSize, color: "#000000", x: 0, y: 0, width: 1920, height: 1080, z })),
    });
  }
  // A new content version, as an edit makes: its thumbnail is rendered on the next read.
  await db.design.update({ where: { id: design.id }, data: { changedByUser: true } });
  return design;
}

interface Watched<T> {
  result: T;
  seconds: number;
  /** The slowest answer of `/healthz`, asked over and over while the work ran. */
  slowestHealthzMs: number;
  healthzAsked: number;
  /** How much the process's resident memory grew at most. */
  growth: number;
}

/** Runs `work` while `/healthz` is asked over and over and the process's memory is sampled. */
async function watched<T>(t: TestPlatform, work: () => Promise<T>): Promise<Watched<T>> {
  let result: T | undefined;
  let health = { longestMs: 0, answers: 0 };
  const started = performance.now();
  const growth = await peakGrowth(async () => {
    health = await longestHealthWait(t.http.baseUrl, async () => {
      result = await work();
    });
  });
  return { result: result as T, seconds: (performance.now() - started) / 1000, slowestHealthzMs: health.longestMs, healthzAsked: health.answers, growth };
}

function withinBudget(what: string, run: Watched<unknown>, seconds: number): void {
  const facts = `${what}: ${run.seconds.toFixed(1)} s, /healthz at worst ${Math.round(run.slowestHealthzMs)} ms (${run.healthzAsked} asked), memory +${Math.round(run.growth / MIB)} MiB`;
  console.log(facts);
  assert.ok(run.seconds < seconds, `${facts}: over ${seconds} s`);
  assert.ok(run.healthzAsked > 0 && run.slowestHealthzMs < HEALTHZ_MS, `${facts}: /healthz slower than ${HEALTHZ_MS} ms`);
  assert.ok(run.growth < MEMORY_BUDGET, `${facts}: memory grew more than ${MEMORY_BUDGET / MIB} MiB`);
}

/** How many pixels of the picture are dark (drawn text). */
function inked(image: { width: number; height: number; pixel(x: number, y: number): number[] }): number {
  let count = 0;
  for (let x = 0; x < image.width; x += 2) for (let y = 0; y < image.height; y += 2) if (image.pixel(x, y)[0] < 128) count++;
  return count;
}

describe("a render bomb (issue #48, finding 3) is drawn within a CPU and memory budget", () => {
  let t: TestPlatform;
  let p: People;
  let token: string;
  let design: any;

  before(async () => {
    ({ t, p } = await startDesignPlatform({}, [...DESIGN_DOMAINS, "exports"]));
    token = await designAndAssetToken(t.http, p, p.client);
    design = await bombDesign(t, token);
  });
  after(() => t?.stop());

  test("the thumbnail read after an edit: drawn within the budget, the process answering /healthz throughout", { timeout: 180_000 }, async () => {
    const run = await watched(t, () => t.http.get(`/v1/designs/${design.id}`, { token }));
    assert.equal(run.result.status, 200, run.result.text);
    withinBudget("thumbnail read", run, READ_SECONDS);
    const { thumbnail } = run.result.body.design;
    assert.deepEqual([thumbnail.width, thumbnail.height], [400, 225]);
    const png = await fetchedPng(t.http, thumbnail.url);
    assert.ok(inked(png) > 100, "the text within the budget is drawn");
  });

  test("an export of the page: a PNG drawn within the budget", { timeout: 180_000 }, async () => {
    const run = await watched(t, () => exported(t.http, token, design.id, { type: "png" }));
    assert.equal(run.result.status, "success", JSON.stringify(run.result));
    withinBudget("png export", run, EXPORT_SECONDS);
    const image = await openedImage((await downloaded(t.http, run.result.urls[0])).bytes);
    assert.deepEqual([image.width, image.height], [1920, 1080]);
    assert.ok(inked(image) > 100, "the text within the budget is drawn");
  });

  test("the public viewer of four such pages answers within the budget", { timeout: 180_000 }, async () => {
    const pages = await bombDesign(t, token, 4);
    const run = await watched(t, async () => {
      const response = await fetch(onPlatform(t.http, pages.urls.view_url));
      return { status: response.status, html: await response.text() };
    });
    assert.equal(run.result.status, 200, run.result.html);
    withinBudget("viewer, 4 pages", run, READ_SECONDS);
    assert.equal([...run.result.html.matchAll(/<img src=/g)].length, 4, "every page drawn");
  });
});

describe("a render past DESIGN_RENDER_TIMEOUT_SECONDS is abandoned: no thumbnail, a failed export, never a 500 or a hung request", () => {
  let t: TestPlatform;
  let token: string;
  let design: any;

  before(async () => {
    // A budget so large that what the boxes can show is drawn whole (at 1 px a line, 1,081 lines of each), and a second to draw it in.
    const huge = { DESIGN_RENDER_TEXT_LINES_MAX: "100000000", DESIGN_RENDER_TEXT_CHARACTERS_MAX: "100000000", DESIGN_RENDER_TIMEOUT_SECONDS: "1" };
    let p: People;
    ({ t, p } = await startDesignPlatform(huge, [...DESIGN_DOMAINS, "exports"]));
    token = await designAndAssetToken(t.http, p, p.client);
    design = await bombDesign(t, token, 1, 48, 1);
  });
  after(() => t?.stop());

  test("the thumbnail is null (and that version is not drawn again for a while); the export job fails with internal_failure saying why", { timeout: 180_000 }, async () => {
    const read = await watched(t, () => t.http.get(`/v1/designs/${design.id}`, { token }));
    assert.equal(read.result.status, 200, read.result.text);
    assert.equal(read.result.body.design.thumbnail, undefined, "no thumbnail");
    withinBudget("abandoned thumbnail read", read, ABANDONED_READ_SECONDS);
    const again = await watched(t, () => t.http.get(`/v1/designs/${design.id}`, { token }));
    assert.equal(again.result.body.design.thumbnail, undefined);
    assert.ok(again.seconds < NOT_DRAWN_AGAIN_SECONDS, `the abandoned version is not drawn again (${again.seconds.toFixed(2)} s)`);
    const viewer = await fetch(onPlatform(t.http, design.urls.view_url));
    assert.match(await viewer.text(), /Page 1 could not be drawn/);
    const exporting = await watched(t, () => exported(t.http, token, design.id, { type: "png" }));
    withinBudget("abandoned png export", exporting, ABANDONED_EXPORT_SECONDS);
    assert.deepEqual(exporting.result.status, "failed", JSON.stringify(exporting.result));
    assert.equal(exporting.result.error.code, "internal_failure");
    assert.match(exporting.result.error.message, /^Page 1 could not be drawn: it took longer than 1 seconds to draw \(DESIGN_RENDER_TIMEOUT_SECONDS\)$/);
  });
});
