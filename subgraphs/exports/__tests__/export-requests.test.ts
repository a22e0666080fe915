// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { DESIGN_SCOPES, designAndAssetToken, designScopedToken, setPlan, startDesignPlatform } from "../../../testing/designs.js";
import { designWithContent, downloaded, openedImage, postExport } from "../../../testing/exports.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { processJobs, withWorker } from "../../../testing/workers.js";
import { sweepExpiredExportFiles } from "../domain/housekeeping.js";

/** No workers in the platform: a job waits until a test runs one, which shows nothing is drawn on the request path. */
let t: TestPlatform;
let p: People;
let token: string;
let outsider: string;
let metaOnly: string;
let designId: string;

before(async () => {
  ({ t, p, outsider, metaOnly } = await startDesignPlatform({ JOB_WORKERS: "0", EXPORTS_PER_DESIGN_PER_5_MINUTES: "4", EXPORTS_PER_USER_PER_DAY: "6" }, [...DESIGN_DOMAINS, "exports"]));
  token = await designAndAssetToken(t.http, p, p.client);
  designId = await madeDesign("Export me");
});
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;
const exportJobs = () => db().job.count({ where: { kind: "design_export" } });

/** A design with content (its image is uploaded through a job: a worker runs meanwhile). */
const madeDesign = (title: string) => withWorker(t, () => designWithContent(t, token, title));

describe("asking for an export: every check answers at once and a refused request starts nothing", () => {
  test("bad formats and options are 400 naming the field", async () => {
    const own = await designScopedToken(t.http, p, p.client);
    const before = await exportJobs();
    const cases: [unknown, string][] = [
      [{ type: "tiff" }, "format.type must be one of: pdf, jpg, png, gif, pptx, mp4"],
      ["pdf", "invalid_field"],
      [{ type: "jpg" }, "format.quality is required"],
      [{ type: "jpg", quality: 0 }, "format.quality must be an integer from 1 to 100"],
      [{ type: "jpg", quality: "best" }, "invalid_field"],
      [{ type: "png", width: 39 }, "format.width must be an integer from 40 to 25000"],
      [{ type: "png", height: 25_001 }, "format.height must be an integer from 40 to 25000"],
      [{ type: "png", width: 25_000, height: 25_000 }, "more than the limit of 40000000"],
      [{ type: "png", width: 20_000, as_single_image: true }, "more than the limit"],
      [{ type: "pdf", quality: 50 }, "format.quality does not apply to pdf exports"],
      [{ type: "png", size: "a4" }, "format.size does not apply to png exports"],
      [{ type: "mp4" }, "format.quality is required for mp4 exports"],
      [{ type: "mp4", quality: "8k" }, "invalid_field"],
      [{ type: "png", pages: [4] }, "Requested page(s) [4] of a design with 3 page(s)"],
      [{ type: "png", pages: [0, 2, 7] }, "Requested page(s) [0, 7] of a design with 3 page(s)"],
      [{ type: "png", pages: [] }, "format.pages must list 1 to 500"],
      [{ type: "pptx", export_quality: "regular" }, "format.export_quality does not apply to pptx exports"],
      [{ type: "gif", export_quality: "best" }, "invalid_field"],
      [{ type: "png", pages: Array.from({ length: 501 }, () => 1) }, "format.pages must list 1 to 500"],
      [{ type: "gif", width: 7000 }, "would draw 110250000 pixels in all, more than the limit of 100000000 (EXPORT_MAX_TOTAL_PIXELS)"],
    ];
    for (const [format, expected] of cases) {
      const response = await postExport(t.http, own, designId, format);
      assert.equal(response.status, 400, `${JSON.stringify(format).slice(0, 80)}: ${response.text}`);
      assert.ok(response.body.code === expected || response.body.message.includes(expected), `${JSON.stringify(format).slice(0, 80)}: ${response.text}`);
    }
    const noDesign = await t.http.post("/v1/exports", { format: { type: "pdf" } }, { token: own });
    assert.equal(noDesign.status, 400, noDesign.text);
    assert.equal(await exportJobs(), before, "no job was created");
  });

  test("a format the design's type does not offer, or pages it does not have, are 400 bad_request_body as documented", async () => {
    const doc = await t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Notes" }, { token });
    for (const type of ["pptx", "mp4"]) {
      const response = await postExport(t.http, token, doc.body.design.id, { type, ...(type === "mp4" ? { quality: "horizontal_480p" } : {}) });
      assert.deepEqual([response.status, response.body.code], [400, "bad_request_body"], response.text);
      assert.match(response.body.message, new RegExp(`^${type} export not supported for this design type: it offers pdf, jpg, png, gif`));
    }
    const pages = await postExport(t.http, token, designId, { type: "pdf", pages: [2, 9] });
    assert.deepEqual([pages.status, pages.body.code], [400, "bad_request_body"], pages.text);
    assert.match(pages.body.message, /^Requested page\(s\) \[9\] of a design with 3 page\(s\)/);
  });

  test("another team's design is 404 design_not_found; another user's job is 404; a token without the scope is 403", async () => {
    const theirs = await postExport(t.http, outsider, designId, { type: "pdf" });
    assert.deepEqual([theirs.status, theirs.body.code], [404, "design_not_found"], theirs.text);
    const forged = await postExport(t.http, outsider, "../../etc/passwd", { type: "pdf" });
    assert.deepEqual([forged.status, forged.body.code], [404, "design_not_found"], forged.text);
    const mine = await postExport(t.http, token, designId, { type: "pdf", pages: [1] });
    assert.equal(mine.status, 200, mine.text);
    const peek = await t.http.get(`/v1/exports/${mine.body.job.id}`, { token: outsider });
    assert.deepEqual([peek.status, peek.body.code], [404, "not_found"], peek.text);
    const graph = await t.http.graphql(`query($id: ID!) { exportJob(id: $id) { id urls } }`, { id: mine.body.job.id }, outsider);
    assert.equal(graph.body.errors?.[0]?.extensions?.code, "NOT_FOUND");
    const unscoped = await postExport(t.http, metaOnly, designId, { type: "pdf" });
    assert.deepEqual([unscoped.status, unscoped.body.code], [403, "missing_scope"], unscoped.text);
    assert.equal((await postExport(t.http, undefined, designId, { type: "pdf" })).status, 401);
  });

  test("a transparent PNG needs the export_png_transparency capability (pro and enterprise plans): else 400 bad_request_params", async () => {
    const free = await postExport(t.http, token, designId, { type: "png", transparent_background: true });
    assert.deepEqual([free.status, free.body.code], [400, "bad_request_params"], free.text);
    assert.match(free.body.message, /^Users on the free plan can not export PNGs with transparent background/);
    assert.match(free.body.message, /export_png_transparency/);
    await setPlan(t, p.client.userId, "pro");
    try {
      const pro = await postExport(t.http, token, designId, { type: "png", transparent_background: true, pages: [2] });
      assert.equal(pro.status, 200, pro.text);
      await processJobs(t, pro.body.job.id);
      const job = (await t.http.get(`/v1/exports/${pro.body.job.id}`, { token })).body.job;
      const { pixel, hasAlpha } = await openedImage((await downloaded(t.http, job.urls[0])).bytes);
      assert.equal(hasAlpha, true);
      assert.equal(pixel(5, 5)[3], 0, "outside the ellipse the page is see-through");
      assert.equal(pixel(300, 400)[3], 255, "the ellipse is opaque");
    } finally {
      await setPlan(t, p.client.userId, "free");
    }
  });
});

describe("exports run in workers, followed live", () => {
  test("the job waits for a worker (nothing drawn on the request path); a subscriber sees in_progress, then success with the URLs", async () => {
    const created = await postExport(t.http, token, designId, { type: "jpg", quality: 70, pages: [1, 2] });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(created.body.job, { id: created.body.job.id, status: "in_progress" });
    assert.equal(existsSync(path.join(t.config.dataDir, "blobs", "exports", created.body.job.id)), false, "no file yet");
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, `subscription($id: ID!) { exportJob(id: $id) { id status urls } }`, { id: created.body.job.id });
    await followed.received(1);
    assert.equal(followed.results[0].data.exportJob.status, "in_progress");
    const stranger = wsClient(t.http.baseUrl, outsider);
    const refused = follow(stranger, `subscription($id: ID!) { exportJob(id: $id) { status } }`, { id: created.body.job.id });
    await processJobs(t, created.body.job.id);
    assert.deepEqual(await followed.ended, {});
    await refused.ended;
    await Promise.all([client.dispose(), stranger.dispose()]);
    const last = followed.results.at(-1).data.exportJob;
    assert.equal(last.status, "success");
    assert.equal(last.urls.length, 2);
    assert.equal(refused.results[0]?.errors?.[0]?.extensions?.code, "NOT_FOUND", JSON.stringify(refused.results));
  });
});

describe("export files live as long as their URLs", () => {
  test("a day (and an hour) after an export finished, its files are swept and its expired URLs answer 403", async () => {
    const swept = await madeDesign("Swept");
    const created = await postExport(t.http, token, swept, { type: "png", pages: [1, 3] });
    const recent = await postExport(t.http, token, swept, { type: "gif", pages: [1] });
    await processJobs(t, created.body.job.id, recent.body.job.id);
    const files = path.join(t.config.dataDir, "blobs", "exports");
    assert.equal(existsSync(path.join(files, created.body.job.id, "page-2.png")), true);
    await db().$executeRaw`UPDATE jobs SET "updatedAt" = now() - interval '25 hours 1 minute' WHERE id = ${created.body.job.id}`;
    await db().$executeRaw`UPDATE jobs SET "updatedAt" = now() - interval '24 hours 30 minutes' WHERE id = ${recent.body.job.id}`;
    assert.equal(await sweepExpiredExportFiles(db(), t.platform.runtime.files), 1);
    assert.equal(existsSync(path.join(files, created.body.job.id)), true, "the folder may stay");
    assert.equal(existsSync(path.join(files, created.body.job.id, "page-2.png")), false, "the files are gone");
    assert.equal(existsSync(path.join(files, recent.body.job.id, "design.gif")), true, "an export whose URLs expired less than an hour ago keeps its file");
    assert.equal(await sweepExpiredExportFiles(db(), t.platform.runtime.files), 0, "swept once");
    const job = (await t.http.get(`/v1/exports/${created.body.job.id}`, { token })).body.job;
    assert.deepEqual([job.status, job.urls.length], ["success", 2]);
    const expired = await fetch(t.http.baseUrl + new URL(job.urls[0]).pathname + new URL(job.urls[0]).search);
    assert.deepEqual([expired.status, (await expired.json()).message], [403, "The link has expired"]);
  });
});

describe("quotas: per design per 5 minutes and per user per 24 hours, on top of the per-minute rate", () => {
  test("racing requests for one design: exactly the quota starts, the rest are 429 with Retry-After; the user quota then holds across designs", async () => {
    const teammate = await designScopedToken(t.http, p, p.otherClient, DESIGN_SCOPES);
    const busy = await madeDesign("Popular");
    const raced = await Promise.all(Array.from({ length: 10 }, () => postExport(t.http, teammate, busy, { type: "pdf", pages: [1] })));
    const statuses = raced.map((response) => response.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = raced.find((response) => response.status === 429)!;
    assert.equal(refused.body.code, "too_many_requests");
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter > 200 && retryAfter <= 300, `Retry-After ${retryAfter} s`);
    const byAnyone = await postExport(t.http, token, busy, { type: "pdf", pages: [1] });
    assert.equal(byAnyone.status, 429, "the design's quota counts whoever exports");
    const other = await madeDesign("Quiet");
    assert.equal((await postExport(t.http, teammate, other, { type: "pdf", pages: [1] })).status, 200);
    assert.equal((await postExport(t.http, teammate, other, { type: "pdf", pages: [1] })).status, 200);
    const overDay = await postExport(t.http, teammate, other, { type: "pdf", pages: [1] });
    assert.equal(overDay.status, 429, "six exports in a day is the user's quota");
    assert.ok(Number(overDay.headers.get("retry-after")) > 3600, `Retry-After ${overDay.headers.get("retry-after")} s`);
    const aliased = await t.http.graphql(
      `mutation($id: ID!) { ${Array.from({ length: 5 }, (_v, i) => `e${i}: createDesignExportJob(designId: $id, format: { type: pdf }) { id }`).join(" ")} }`,
      { id: other },
      await designScopedToken(t.http, p, p.otherClient, DESIGN_SCOPES),
    );
    assert.equal(aliased.body.errors?.[0]?.extensions?.code, "RATE_LIMITED", `aliases do not get around the quota: ${aliased.text}`);
    assert.equal(await db().job.count({ where: { kind: "design_export", ownerId: p.otherClient.userId } }), 6);
  });
});
