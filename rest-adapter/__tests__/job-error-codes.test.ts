// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { base64Name, png, postUpload } from "../../testing/assets.js";
import { published, standardFields, startTemplatePlatform, type TemplatePlatform } from "../../testing/brand-templates.js";
import { answerOf, assertValid } from "../../testing/current-spec.js";
import { setPlan } from "../../testing/designs.js";
import { designWithContent, postExport } from "../../testing/exports.js";
import { postImport } from "../../testing/imports.js";
import { DESIGN_DOMAINS } from "../../testing/platform.js";
import { processJobs, withWorker } from "../../testing/workers.js";

/**
 * Every way a design-platform job can fail, driven through REST: each failed job, as its GET operation
 * answers it, validates against that operation's schema in the current specification, so its
 * `error.code` is one of the operation's documented enum. No worker runs unless a test runs one, so a
 * test can change the world between the request and the job.
 */
let s: TemplatePlatform;
const db = () => s.t.platform.runtime.db.prisma;
/** A URL no job may fetch: a loopback address is not public. */
const UNFETCHABLE = "http://127.0.0.1:9/file.png";

before(async () => {
  s = await startTemplatePlatform({ JOB_WORKERS: "0", ASSET_MAX_BYTES: "300kb", IMPORT_MAX_BYTES: "300kb" }, [...DESIGN_DOMAINS, "brand-templates", "imports", "exports", "resizes"]);
});
after(() => s.t.stop());

/** The job's id from a creating answer (which must itself be valid: 200 `{ job }` in progress). */
function createdJob(response: { status: number; text: string; body: any }, specPath: string): string {
  assert.equal(response.status, 200, response.text);
  assertValid(answerOf("post", specPath), response.body, `POST ${specPath}`);
  assert.equal(response.body.job.status, "in_progress");
  return response.body.job.id;
}

/** Runs the job, then reads it as a client does: a valid answer of `specPath`, failed with `code`. */
async function failedJob(specPath: string, jobId: string, code: string) {
  await processJobs(s.t, jobId);
  const read = await s.t.http.get(specPath.replace(/\{\w+\}/, jobId), { token: s.token });
  assert.equal(read.status, 200, read.text);
  assertValid(answerOf("get", specPath), read.body, `GET ${specPath}`);
  assert.deepEqual([read.body.job.status, read.body.job.error?.code], ["failed", code], read.text);
  return read.body.job as { error: { code: string; message: string } };
}

/** A job whose workers kept dying: its attempts are used up before the next worker takes it. */
async function workersKeptDying(jobId: string): Promise<void> {
  const { maxAttempts } = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  await db().job.update({ where: { id: jobId }, data: { attempts: maxAttempts } });
}

const upload = (bytes: Buffer | string) => postUpload(s.t.http, s.token, bytes, { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("failing.png") }) });
const newDesign = async () => (await s.t.http.post("/v1/designs", { design_type: { type: "preset", name: "presentation" }, title: "Doomed" }, { token: s.token })).body.design.id as string;
const deleteDesign = (id: string) => db().design.delete({ where: { id } });

describe("asset uploads (AssetUploadErrorCode)", () => {
  test("bytes that are no image: import_failed; too many bytes: file_too_big; workers that kept dying: import_failed", async () => {
    const bad = await failedJob("/v1/asset-uploads/{jobId}", createdJob(await upload("not an image at all"), "/v1/asset-uploads"), "import_failed");
    assert.match(bad.error.message, /not an image or a video/);
    const big = await failedJob("/v1/asset-uploads/{jobId}", createdJob(await upload(Buffer.alloc(400 * 1024, 7)), "/v1/asset-uploads"), "file_too_big");
    assert.match(big.error.message, /larger than/);
    const dying = createdJob(await upload(await png(40, 40)), "/v1/asset-uploads");
    await workersKeptDying(dying);
    const died = await failedJob("/v1/asset-uploads/{jobId}", dying, "import_failed");
    assert.match(died.error.message, /workers stopped too many times/);
  });

  test("a URL that cannot be fetched: fetch_failed", async () => {
    const started = await s.t.http.post("/v1/url-asset-uploads", { name: "Remote", url: UNFETCHABLE }, { token: s.token });
    const job = await failedJob("/v1/url-asset-uploads/{jobId}", createdJob(started, "/v1/url-asset-uploads"), "fetch_failed");
    assert.match(job.error.message, /non-public address/);
  });
});

describe("imports (DesignImportErrorCode)", () => {
  test("a damaged file: invalid_file; a file too big: invalid_file saying so (never file_too_big); workers that kept dying: internal_error", async () => {
    const damaged = await failedJob("/v1/imports/{jobId}", createdJob(await postImport(s.t.http, s.token, "%PDF-1.7 then nothing"), "/v1/imports"), "invalid_file");
    assert.match(damaged.error.message, /damaged|not a PDF/);
    const big = await failedJob("/v1/imports/{jobId}", createdJob(await postImport(s.t.http, s.token, Buffer.alloc(400 * 1024, 7)), "/v1/imports"), "invalid_file");
    assert.equal(big.error.message, "The file is too big to import: it is larger than the 300 KB limit (IMPORT_MAX_BYTES)");
    const dying = createdJob(await postImport(s.t.http, s.token, await png(40, 40)), "/v1/imports");
    await workersKeptDying(dying);
    await failedJob("/v1/imports/{jobId}", dying, "internal_error");
  });

  test("a URL that cannot be fetched: fetch_failed", async () => {
    const started = await s.t.http.post("/v1/url-imports", { title: "Remote", url: UNFETCHABLE }, { token: s.token });
    await failedJob("/v1/url-imports/{jobId}", createdJob(started, "/v1/url-imports"), "fetch_failed");
  });

  test("the check can fail: a job with a code outside the enum (the old file_too_big) is not a valid answer", () => {
    const old = { job: { id: "J1", status: "failed", error: { code: "file_too_big", message: "The file is larger than the 100 MB limit" } } };
    assert.equal(answerOf("get", "/v1/imports/{jobId}")(old), false);
  });
});

describe("exports (ExportErrorCode)", () => {
  test("a pro export whose team lost its premium plan before it ran: license_required; a design deleted meanwhile: internal_failure", async () => {
    const designId = await newDesign();
    const pro = createdJob(await postExport(s.t.http, s.token, designId, { type: "pdf", export_quality: "pro" }), "/v1/exports");
    await setPlan(s.t, s.p.client.userId, "free");
    try {
      const refused = await failedJob("/v1/exports/{exportId}", pro, "license_required");
      assert.match(refused.error.message, /^User doesn't have the required license to export in PRO quality/);
    } finally {
      await setPlan(s.t, s.p.client.userId, "enterprise");
    }
    const gone = createdJob(await postExport(s.t.http, s.token, designId, { type: "png" }), "/v1/exports");
    await deleteDesign(designId);
    const failed = await failedJob("/v1/exports/{exportId}", gone, "internal_failure");
    assert.equal(failed.error.message, "The design no longer exists");
  });
});

describe("resizes (DesignResizeErrorCode)", () => {
  test("a design deleted before the job ran, or workers that kept dying: design_resize_error", async () => {
    const resize = async (designId: string) =>
      createdJob(await s.t.http.post("/v1/resizes", { design_id: designId, design_type: { type: "custom", width: 500, height: 500 } }, { token: s.token }), "/v1/resizes");
    const doomed = await newDesign();
    const orphan = await resize(doomed);
    await deleteDesign(doomed);
    await failedJob("/v1/resizes/{jobId}", orphan, "design_resize_error");
    const dying = await resize(await newDesign());
    await workersKeptDying(dying);
    await failedJob("/v1/resizes/{jobId}", dying, "design_resize_error");
  });
});

describe("autofills (AutofillErrorCode)", () => {
  test("a template deleted before the job ran, or workers that kept dying: autofill_error", async () => {
    const designId = await withWorker(s.t, () => designWithContent(s.t, s.token, "Template"));
    const fill = async () => {
      const template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
      const body = { brand_template_id: template.id, data: { headline: { type: "text", text: "Hello" } } };
      return { templateId: template.id, jobId: createdJob(await s.t.http.post("/v1/autofills", body, { token: s.token }), "/v1/autofills") };
    };
    const orphan = await fill();
    await db().brandTemplate.delete({ where: { id: orphan.templateId } });
    const failed = await failedJob("/v1/autofills/{jobId}", orphan.jobId, "autofill_error");
    assert.equal(failed.error.message, "The brand template no longer exists");
    const dying = await fill();
    await workersKeptDying(dying.jobId);
    await failedJob("/v1/autofills/{jobId}", dying.jobId, "autofill_error");
  });
});
