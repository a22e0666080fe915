// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { finishedJob } from "../../../testing/assets.js";
import { answerOf, assertValid } from "../../../testing/current-spec.js";
import { designAndAssetToken, setPlan, startDesignPlatform } from "../../../testing/designs.js";
import { designWithContent, downloaded, openedVideo, pdfPageSizes, postExport } from "../../../testing/exports.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";

/**
 * `export_quality` (regular / pro) on every format the current specification gives it: `pro` needs a
 * plan with premium features (else 403 license_required, nothing started), is kept on the job, and
 * gives finer files; every answer validates against the specification.
 */
let t: TestPlatform;
let p: People;
let outsider: string;
let designId: string;

before(async () => {
  ({ t, p, outsider } = await startDesignPlatform({}, [...DESIGN_DOMAINS, "exports"]));
  designId = await designWithContent(t, await designAndAssetToken(t.http, p, p.client));
});
after(() => t.stop());

const PRO_FORMATS = [
  { type: "pdf", export_quality: "pro" },
  { type: "jpg", quality: 80, export_quality: "pro" },
  { type: "png", export_quality: "pro" },
  { type: "gif", export_quality: "pro" },
  { type: "mp4", quality: "horizontal_480p", export_quality: "pro" },
];
const exportJobs = () => t.platform.runtime.db.prisma.job.count({ where: { kind: "design_export" } });

/** A fresh token of the client (its own budget of 20 exports a minute). */
const clientToken = () => designAndAssetToken(t.http, p, p.client);

/** Exports page `page` in `format`, checks both answers against the specification, and answers the downloaded files. */
async function exportedFiles(token: string, format: Record<string, unknown>, page = 1): Promise<Buffer[]> {
  const created = await postExport(t.http, token, designId, { ...format, pages: [page] });
  assert.equal(created.status, 200, created.text);
  assertValid(answerOf("post", "/v1/exports"), created.body, `POST /v1/exports ${JSON.stringify(format)}`);
  const job = await finishedJob(t.http, `/v1/exports/${created.body.job.id}`, token, 120_000);
  assertValid(answerOf("get", "/v1/exports/{exportId}"), { job }, "GET /v1/exports/{exportId}");
  assert.equal(job.status, "success", JSON.stringify(job));
  return Promise.all(job.urls.map(async (url: string) => (await downloaded(t.http, url)).bytes));
}

describe("pro quality needs a plan with premium features", () => {
  test("on the free plan every format refuses pro with 403 license_required, as documented, and starts nothing; regular is allowed", async () => {
    const token = await clientToken();
    const before = await exportJobs();
    for (const format of PRO_FORMATS) {
      const refused = await postExport(t.http, token, designId, format);
      assert.deepEqual([refused.status, refused.body.code], [403, "license_required"], `${format.type}: ${refused.text}`);
      assertValid(answerOf("post", "/v1/exports", "403"), refused.body, `${format.type} refusal`);
      assert.match(refused.body.message, /^User doesn't have the required license to export in PRO quality: .*export_quality regular/);
    }
    assert.equal(await exportJobs(), before, "no job was created");
    const regular = await postExport(t.http, token, designId, { type: "pdf", export_quality: "regular", pages: [1] });
    assert.equal(regular.status, 200, regular.text);
  });

  test("another team's design asked in pro is 404 design_not_found, like any other request for it (nothing about its plan leaks)", async () => {
    const theirs = await postExport(t.http, outsider, designId, { type: "pdf", export_quality: "pro" });
    assert.deepEqual([theirs.status, theirs.body.code], [404, "design_not_found"], theirs.text);
  });

  test("a value that is no quality, or a huge one, is 400 invalid_field; pptx takes no quality", async () => {
    const token = await clientToken();
    for (const export_quality of ["premium", "x".repeat(100_000), 1]) {
      const refused = await postExport(t.http, token, designId, { type: "png", export_quality });
      assert.deepEqual([refused.status, refused.body.code], [400, "invalid_field"], refused.text.slice(0, 300));
    }
    const pptx = await postExport(t.http, token, designId, { type: "pptx", export_quality: "pro" });
    assert.deepEqual([pptx.status, pptx.body.message], [400, "format.export_quality does not apply to pptx exports"], pptx.text);
  });
});

describe("on a pro plan, pro exports are finer than regular ones", () => {
  before(() => setPlan(t, p.client.userId, "pro"));
  after(() => setPlan(t, p.client.userId, "free"));

  test("the quality is stored on the job", async () => {
    const token = await clientToken();
    const created = await postExport(t.http, token, designId, { type: "gif", export_quality: "pro", pages: [1] });
    assert.equal(created.status, 200, created.text);
    const row = await t.platform.runtime.db.prisma.job.findUniqueOrThrow({ where: { id: created.body.job.id } });
    assert.equal((row.input as { format: { exportQuality: string } }).format.exportQuality, "pro");
    const job = await finishedJob(t.http, `/v1/exports/${created.body.job.id}`, token, 120_000);
    assert.equal(job.status, "success", JSON.stringify(job));
  });

  test("pdf: 300 dpi lossless pages instead of 150 dpi JPEG, on the same paper", async () => {
    const token = await clientToken();
    const [regular] = await exportedFiles(token, { type: "pdf", size: "legal" });
    const [pro] = await exportedFiles(token, { type: "pdf", size: "legal", export_quality: "pro" });
    assert.deepEqual([await pdfPageSizes(pro), await pdfPageSizes(regular)], [[[1008, 612]], [[1008, 612]]]);
    assert.ok(pro.length > regular.length, `pro ${pro.length} B, regular ${regular.length} B`);
  });

  test("jpg: colour at full resolution (4:4:4) instead of halved (4:2:0), at the JPEG quality asked", async () => {
    const token = await clientToken();
    const [regular] = await exportedFiles(token, { type: "jpg", quality: 80 });
    const [pro] = await exportedFiles(token, { type: "jpg", quality: 80, export_quality: "pro" });
    assert.deepEqual([(await sharp(regular).metadata()).chromaSubsampling, (await sharp(pro).metadata()).chromaSubsampling], ["4:2:0", "4:4:4"]);
  });

  test("mp4: a finer quantizer, so more bytes for the same frames and length", async () => {
    const token = await clientToken();
    const [regular] = await exportedFiles(token, { type: "mp4", quality: "horizontal_480p" }, 2);
    const [pro] = await exportedFiles(token, { type: "mp4", quality: "horizontal_480p", export_quality: "pro" }, 2);
    const [regularTrack, proTrack] = [(await openedVideo(regular)).tracks[0], (await openedVideo(pro)).tracks[0]];
    assert.deepEqual(proTrack, regularTrack, "same size, length and frames");
    assert.ok(pro.length > regular.length, `pro ${pro.length} B, regular ${regular.length} B`);
  });

  test("png: a lossless PNG is exact in either quality (the same pixels); gif and lossy png succeed in pro", async () => {
    const token = await clientToken();
    const [regular] = await exportedFiles(token, { type: "png" });
    const [pro] = await exportedFiles(token, { type: "png", export_quality: "pro" });
    assert.ok((await sharp(regular).raw().toBuffer()).equals(await sharp(pro).raw().toBuffer()), "the same pixels");
    const [lossy] = await exportedFiles(token, { type: "png", lossless: false, export_quality: "pro" });
    assert.equal((await sharp(lossy).metadata()).isPalette, true, "a palette PNG");
    const [gif] = await exportedFiles(token, { type: "gif", export_quality: "pro" });
    assert.equal((await sharp(gif).metadata()).format, "gif");
  });
});
