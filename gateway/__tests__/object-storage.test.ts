// @tier contract
// @depends s3
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { base64Name, finishedJob, onPlatform, png, postUpload } from "../../testing/assets.js";
import { designAndAssetToken, fetchedPng, startDesignPlatform } from "../../testing/designs.js";
import { designWithContent, downloaded, exported, pdfPageSizes } from "../../testing/exports.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../testing/platform.js";
import { startTestS3, type TestS3 } from "../../testing/s3.js";
import { eventually, sleep } from "../../testing/steady-load.js";

const PREFIX = "platform/";
let s3: TestS3;
let t: TestPlatform;
let token: string;

before(async () => {
  s3 = await startTestS3();
  const started = await startDesignPlatform({ ...s3.env(PREFIX), DATABASE_STATEMENT_TIMEOUT_MS: "3000" }, [...DESIGN_DOMAINS, "exports"]);
  t = started.t;
  token = await designAndAssetToken(t.http, started.p, started.p.client);
});
after(async () => {
  await t?.stop();
  await s3?.close();
});

/** Every file under the platform's own blob directory (there should be none with the S3 store). */
async function localBlobs(platform: TestPlatform): Promise<string[]> {
  return (await readdir(path.join(platform.config.dataDir, "blobs"), { recursive: true }).catch(() => [])).map(String);
}

const uploadHeaders = (name: string) => ({ "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }) });

describe("with BLOB_STORE=s3 every file is an object in the bucket", () => {
  test("an asset upload, its thumbnail, a design render and a PDF export land in the bucket and download through the URLs handed out; nothing is written under DATA_DIR/blobs", async () => {
    const designId = await designWithContent(t, token, "Stored in the bucket");
    const design = await t.http.get(`/v1/designs/${designId}`, { token });
    assert.equal(design.status, 200, design.text);
    const render = await fetchedPng(t.http, design.body.design.thumbnail.url);
    assert.deepEqual([render.width, render.height], [400, 300], "page 1 drawn into 400 × 400");

    const prisma = t.platform.runtime.db.prisma;
    const shown = await prisma.designElement.findFirstOrThrow({ where: { kind: "image", page: { designId } } });
    const asset = await prisma.asset.findUniqueOrThrow({ where: { id: shown.assetId! } });
    const assetRead = await t.http.get(`/v1/assets/${asset.id}`, { token });
    const thumbnail = await downloaded(t.http, assetRead.body.asset.thumbnail.url);
    assert.equal(thumbnail.contentType, "image/png");

    const pdf = await exported(t.http, token, designId, { type: "pdf" });
    assert.equal(pdf.status, "success", JSON.stringify(pdf));
    const file = await downloaded(t.http, pdf.urls[0]);
    assert.equal(file.contentType, "application/pdf");
    assert.equal((await pdfPageSizes(file.bytes)).length, 3);

    const keys = await s3.keys(PREFIX);
    const expected = [
      `${PREFIX}${asset.blobKey}`,
      `${PREFIX}${asset.thumbnailKey}`,
      ...pdf.urls.map((url: string) => `${PREFIX}${decodeURIComponent(new URL(url).pathname.replace(/^\/blobs\//, ""))}`),
    ];
    for (const key of expected) assert.ok(keys.includes(key), `${key} in ${JSON.stringify(keys)}`);
    assert.ok(keys.some((key) => key.startsWith(`${PREFIX}design-thumbnails/${designId}/`)), "the design render is an object");
    assert.deepEqual(await localBlobs(t), []);
    assert.equal(await s3.pendingMultipartUploads(), 0);

    const ready = await t.http.get("/readyz");
    assert.equal(ready.body.checks["blob-store"], "ok");
  });

  test("a download URL reads byte ranges from the store, huge ones too (past the end: 416, never a 500)", async () => {
    await t.platform.runtime.files.put("exports/R1/clip.mp4", Buffer.from("0123456789"), "video/mp4");
    const url = onPlatform(t.http, await t.platform.runtime.files.downloadUrl("exports/R1/clip.mp4", 60));
    const response = await fetch(url, { headers: { range: "bytes=-4" } });
    assert.deepEqual([response.status, response.headers.get("content-range"), await response.text()], [206, "bytes 6-9/10", "6789"]);
    for (const [range, status, contentRange] of [["bytes=999999999999999-", 416, "bytes */10"], ["bytes=0-999999999999999", 206, "bytes 0-9/10"], ["bytes=-999999999999999", 206, "bytes 0-9/10"]] as const) {
      const huge = await fetch(url, { headers: { range } });
      assert.deepEqual([huge.status, huge.headers.get("content-range")], [status, contentRange], range);
      await huge.arrayBuffer();
    }
  });

  test("the store away under load: uploads and downloads answer 503 with Retry-After (never 500), /readyz names blob-store, jobs wait; back, every job finishes and nothing is lost", async () => {
    const image = await png(64, 48);
    const designId = await designWithContent(t, token, "Exported across an outage");
    const stored = await t.platform.runtime.files.put("exports/O1/kept.txt", Buffer.from("kept"), "text/plain");
    assert.equal(stored, 4);
    const keptUrl = onPlatform(t.http, await t.platform.runtime.files.downloadUrl("exports/O1/kept.txt", 600));
    // A change since its last render: the next read renders the design again, into the store.
    await t.platform.runtime.db.prisma.design.update({ where: { id: designId }, data: { updatedAt: new Date() } });

    s3.proxy.cut();
    const during: { status: number; retryAfter: string | null; jobId?: string }[] = [];
    const exportRequests: string[] = [];
    try {
      for (let round = 0; round < 4; round++) {
        const [upload, download, exportRequest] = await Promise.all([
          postUpload(t.http, token, image, uploadHeaders(`during outage ${round}`)),
          fetch(keptUrl),
          t.http.post("/v1/exports", { design_id: designId, format: { type: "png" } }, { token }),
        ]);
        during.push({ status: upload.status, retryAfter: upload.headers.get("retry-after"), jobId: upload.body?.job?.id });
        during.push({ status: download.status, retryAfter: download.headers.get("retry-after") });
        assert.equal(exportRequest.status, 200, "asking for an export needs only the database");
        exportRequests.push(exportRequest.body.job.id);
      }
      const ready = await t.http.get("/readyz");
      assert.equal(ready.status, 503);
      assert.match(ready.body.checks["blob-store"], /^unavailable/);
      const render = await t.http.graphql(`query($id: ID!) { design(id: $id) { thumbnail { url } } }`, { id: designId }, token);
      assert.equal(render.body.errors?.[0]?.extensions.code, "SERVICE_UNAVAILABLE", render.text);
      const renderByRest = await t.http.get(`/v1/designs/${designId}`, { token });
      assert.deepEqual([renderByRest.status, renderByRest.body.code], [503, "service_unavailable"], renderByRest.text);
      assert.ok(Number(renderByRest.headers.get("retry-after")) > 0);
      await sleep(500);
    } finally {
      s3.proxy.restore();
    }
    for (const answer of during) {
      assert.ok([200, 503].includes(answer.status), JSON.stringify(during));
      if (answer.status === 503) assert.ok(Number(answer.retryAfter) > 0, "503 says when to retry");
    }
    assert.ok(during.some((answer) => answer.status === 503), `the outage was seen: ${JSON.stringify(during)}`);

    await eventually(async () => (await t.http.get("/readyz")).status === 200, 20_000, "ready after the outage");
    assert.equal(await (await fetch(keptUrl)).text(), "kept");
    const rendered = await t.http.get(`/v1/designs/${designId}`, { token });
    assert.equal((await fetchedPng(t.http, rendered.body.design.thumbnail.url)).width, 400, "the design renders again");
    for (const jobId of exportRequests) {
      const job = await finishedJob(t.http, `/v1/exports/${jobId}`, token, 60_000);
      assert.equal(job.status, "success", JSON.stringify(job));
      assert.equal((await downloaded(t.http, job.urls[0])).contentType, "image/png");
    }
    for (const { jobId } of during.filter((answer) => answer.jobId)) {
      const job = await finishedJob(t.http, `/v1/asset-uploads/${jobId}`, token, 60_000);
      assert.equal(job.status, "success", JSON.stringify(job));
    }
    const again = await postUpload(t.http, token, image, uploadHeaders("after the outage"));
    assert.equal(again.status, 200, again.text);
    assert.equal((await finishedJob(t.http, `/v1/asset-uploads/${again.body.job.id}`, token)).status, "success");
    assert.equal(await s3.pendingMultipartUploads(), 0, "no unfinished multipart upload is left");
    assert.deepEqual(await localBlobs(t), []);
  });
});

describe("with S3_PUBLIC_URLS=presigned the URLs handed out are the store's own", () => {
  let presigned: TestPlatform;
  let presignedToken: string;
  before(async () => {
    const started = await startDesignPlatform({ ...s3.env("presigned/"), S3_PUBLIC_URLS: "presigned" }, [...DESIGN_DOMAINS, "exports"]);
    presigned = started.t;
    presignedToken = await designAndAssetToken(presigned.http, started.p, started.p.client);
  });
  after(() => presigned?.stop());

  test("thumbnails and exports download straight from the store, signed for as long as the platform's own URLs", async () => {
    const designId = await designWithContent(presigned, presignedToken, "Presigned");
    const pdf = await exported(presigned.http, presignedToken, designId, { type: "pdf" });
    const url = new URL(pdf.urls[0]);
    assert.equal(url.origin, s3.endpoint);
    assert.equal(url.searchParams.get("X-Amz-Expires"), String(24 * 60 * 60));
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal((await pdfPageSizes(Buffer.from(await response.arrayBuffer()))).length, 3);
    const design = await presigned.http.get(`/v1/designs/${designId}`, { token: presignedToken });
    const thumbnail = new URL(design.body.design.thumbnail.url);
    assert.deepEqual([thumbnail.origin, thumbnail.searchParams.get("X-Amz-Expires")], [s3.endpoint, String(15 * 60)]);
    assert.equal((await fetch(thumbnail)).headers.get("content-type"), "image/png");
  });
});
