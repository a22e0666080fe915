// @tier contract
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { base64Name, finishedJob, onPlatform, png, pngBomb, postUpload, startAssetPlatform, type AssetPlatform } from "../../../testing/assets.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import { generatedBody, sendThenVanish, uploadVideo } from "../../../testing/uploads.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { requestedJobCount } from "../../../testing/workers.js";

let t: TestPlatform;
let token: string;
before(async () => ({ t, token } = await startAssetPlatform({ ASSET_MAX_BYTES: "250mb" })));
after(() => t.stop());

/** Every file under the platform's blob directory, relative to it. */
async function storedFiles(platform: TestPlatform = t): Promise<string[]> {
  const root = path.join(platform.config.dataDir, "blobs");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function ticket(name: string, on: { t: TestPlatform; token: string } = { t, token }): Promise<{ uploadId: string; uploadUrl: string }> {
  const response = await on.t.http.graphql(`mutation($n: String!) { requestAssetUpload(name: $n) { uploadId uploadUrl } }`, { n: name }, on.token);
  return response.body.data!.requestAssetUpload;
}

/** Whether the upload's file is being written (a temporary file exists). */
const halfWritten = async (uploadId: string) => (await storedFiles()).some((file) => file.startsWith(`uploads/${uploadId}.`) && file.endsWith(".tmp"));

/** Files of `uploadId`, or half-written files of any upload, left in the platform's blob directory (waits up to 5 s for them to go). */
async function leftBehind(uploadId: string, platform: TestPlatform = t): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  const left = async () => (await storedFiles(platform)).filter((file) => file.includes(uploadId) || file.endsWith(".tmp"));
  while ((await left()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return left();
}

/**
 * Sends headers that declare `declaredBytes` and only the first 64 KiB of the body, then waits for the
 * answer (at most 10 s): an answer here means the size was refused before the body was read.
 */
function declaredOnly(url: URL, method: string, headers: Record<string, string>, declaredBytes: number): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, "content-length": String(declaredBytes) } }, async (response) => {
      let text = "";
      for await (const chunk of response) text += chunk;
      request.destroy();
      resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
    });
    request.on("error", reject);
    request.setTimeout(10_000, () => reject(new Error(`no answer while the declared body was unsent (${method} ${url.pathname})`)));
    request.write(randomBytes(64 * 1024));
  });
}

describe("uploads are streamed to storage", () => {
  // What is measured is that memory does not grow with the body (a buffered body alone would be
  // 200 MiB; before uploads were streamed, this grew by about 545 MiB).
  test("200 MiB through the REST path and the worker: memory grows by less than 40 MiB, the file is stored whole and becomes an asset", async () => {
    // One small upload first, so what is measured is not the first use of each code path (on a database server, ~50 MiB).
    assert.equal((await uploadVideo(t, token, "warm-up", MIB)).status, "success");
    // Resident memory is read by sampling and moves with the collector's timing when other test processes
    // load the cores: the least of up to three uploads is measured (a buffered body would be 200 MiB each time).
    let job: any;
    const growths: number[] = [];
    for (let attempt = 1; attempt <= 3 && !growths.some((growth) => growth < 40 * MIB); attempt++) {
      growths.push(await peakGrowth(async () => void (job = await uploadVideo(t, token, attempt === 1 ? "two hundred megabytes" : `two hundred megabytes, again ${attempt}`, 200 * MIB))));
    }
    const growth = Math.min(...growths);
    console.log(`resident memory grew by ${growths.map((each) => (each / MIB).toFixed(1)).join(", ")} MiB while 200 MiB went through REST adapter, gateway, file route and worker`);
    assert.ok(growth < 40 * MIB, `memory grew by ${(growth / MIB).toFixed(1)} MiB`);
    assert.deepEqual([job.status, job.asset?.type], ["success", "video"], JSON.stringify(job));
    const asset = await t.platform.runtime.db.prisma.asset.findUniqueOrThrow({ where: { id: job.asset.id } });
    assert.deepEqual([asset.byteSize, asset.contentType], [200 * MIB, "video/mp4"]);
    const upload = await t.platform.runtime.db.prisma.assetUpload.findFirstOrThrow({ where: { name: "two hundred megabytes" } });
    assert.equal(upload.byteSize, 200 * MIB);
    assert.deepEqual(await leftBehind(upload.id), [], "the upload's bytes became the asset's; nothing half-written");
  });

  test("a decompression bomb (a 27 KB PNG of 15000 × 15000 pixels) fails its job with import_failed, naming the pixel limit, without being decoded", async () => {
    const bomb = pngBomb(15_000, 15_000);
    let job: any;
    const growth = await peakGrowth(async () => {
      const created = await postUpload(t.http, token, bomb, { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("bomb") }) });
      assert.equal(created.status, 200, created.text);
      job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token);
    });
    assert.deepEqual([job.status, job.error.code], ["failed", "import_failed"]);
    assert.match(job.error.message, /15000 × 15000 pixels.*100000000 pixel/);
    assert.ok(growth < 40 * MIB, `memory grew by ${(growth / MIB).toFixed(1)} MiB`);
  });

  test("a sender who goes away through the REST path — before the body is read, or mid-body — leaves no file, no job, no used upload URL", async () => {
    const prisma = t.platform.runtime.db.prisma;
    const jobs = await requestedJobCount(t);
    const url = new URL("/v1/asset-uploads", t.http.baseUrl);
    const headers = (name: string) => ({
      authorization: `Bearer ${token}`,
      "content-type": "application/octet-stream",
      "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }),
    });
    // At once: the adapter is still asking for the upload URL when the sender is gone.
    await sendThenVanish(url, "POST", headers("gone early"), async () => true);
    // Mid-body: once the bytes are being written to the upload's file.
    await sendThenVanish(url, "POST", headers("gone midway"), async () => {
      const slot = await prisma.assetUpload.findFirst({ where: { name: "gone midway" } });
      return slot !== null && (await halfWritten(slot.id));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const slots = await prisma.assetUpload.findMany({ where: { name: { in: ["gone early", "gone midway"] } } });
    assert.ok(slots.some((slot) => slot.name === "gone midway"));
    for (const slot of slots) assert.deepEqual(await leftBehind(slot.id), [], slot.name);
    assert.deepEqual(await leftBehind("no upload"), [], "no half-written file of any upload");
    assert.deepEqual(slots.filter((slot) => slot.receivedAt || slot.jobId).map((slot) => slot.name), []);
    assert.equal(await requestedJobCount(t), jobs);
    const next = await postUpload(t.http, token, await png(20, 10), headers("next"));
    assert.equal(next.status, 200, next.text);
  });

  test("a sender who goes away mid-body leaves no file, no job, and the upload URL still unused", async () => {
    const { uploadId, uploadUrl } = await ticket("abandoned");
    const jobs = await requestedJobCount(t);
    await sendThenVanish(onPlatform(t.http, uploadUrl), "PUT", { "content-type": "application/octet-stream" }, () => halfWritten(uploadId));
    assert.deepEqual(await leftBehind(uploadId), []);
    const slot = await t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
    assert.equal(slot.receivedAt, null);
    assert.equal(await requestedJobCount(t), jobs);
  });
});
describe("past the limits (1 MB, 1,000,000 pixels)", () => {
  let small: AssetPlatform;
  before(async () => (small = await startAssetPlatform({ ASSET_MAX_BYTES: "1mb", ASSET_MAX_PIXELS: "1000000" })));
  after(() => small.t.stop());
  const header = (name: string) => ({ "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }) });

  test("counted: refused while the sender is still sending, nothing stored, no partial file", async () => {
    const { uploadId, uploadUrl } = await ticket("big", small);
    const put = await fetch(onPlatform(small.t.http, uploadUrl), { method: "PUT", body: generatedBody(20 * MIB), duplex: "half" } as RequestInit).catch(() => undefined);
    if (put) assert.equal(put.status, 204);
    const slot = await small.t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
    assert.deepEqual([slot.tooBig, slot.byteSize], [true, null]);
    assert.deepEqual(await leftBehind(uploadId, small.t), []);
  });

  test("declared: a Content-Length past the limit is answered before the body is sent, by the upload URL and by the REST path", async () => {
    const { uploadId, uploadUrl } = await ticket("declared", small);
    const put = await declaredOnly(onPlatform(small.t.http, uploadUrl), "PUT", { "content-type": "application/octet-stream" }, 20 * MIB);
    assert.equal(put.status, 204);
    const slot = await small.t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
    assert.deepEqual([slot.tooBig, slot.byteSize], [true, null]);
    assert.deepEqual(await leftBehind(uploadId, small.t), []);

    const rest = { authorization: `Bearer ${small.token}`, "content-type": "application/octet-stream", ...header("declared via REST") };
    const posted = await declaredOnly(new URL("/v1/asset-uploads", small.t.http.baseUrl), "POST", rest, 20 * MIB);
    assert.equal(posted.status, 200, JSON.stringify(posted.body));
    const job = await finishedJob(small.t.http, `/v1/asset-uploads/${posted.body.job.id}`, small.token);
    assert.deepEqual([job.status, job.error.code], ["failed", "file_too_big"]);
  });

  test("uploads through the REST path after ones answered early (too big) are answered at once, not stuck behind them", async () => {
    for (let round = 0; round < 3; round++) {
      const big = await postUpload(small.t.http, small.token, Buffer.alloc(3 * MIB, 1), header(`big ${round}`));
      assert.equal(big.status, 200, big.text);
      const started = Date.now();
      const next = await postUpload(small.t.http, small.token, await png(20, 20), header(`next ${round}`));
      assert.equal(next.status, 200, `after an upload answered early: ${next.status} ${next.text} in ${Date.now() - started} ms`);
    }
  });

  test("too many pixels: never decoded, the job fails with import_failed", async () => {
    const wide = await postUpload(small.t.http, small.token, await png(2000, 1000), header("wide"));
    const job = await finishedJob(small.t.http, `/v1/asset-uploads/${wide.body.job.id}`, small.token);
    assert.deepEqual([job.status, job.error.code], ["failed", "import_failed"], "2,000,000 pixels past a 1,000,000 limit");
  });
});
