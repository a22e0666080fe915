// @tier contract
// @depends s3
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { onPlatform, startAssetPlatform } from "../../../testing/assets.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { startTestS3, type TestS3 } from "../../../testing/s3.js";
import { sendThenVanish, uploadVideo } from "../../../testing/uploads.js";
import { requestedJobCount } from "../../../testing/workers.js";

// The S3 server runs in this process too: what is measured is the platform and the store together.
let s3: TestS3;
let t: TestPlatform;
let token: string;
before(async () => {
  s3 = await startTestS3();
  ({ t, token } = await startAssetPlatform({ ...s3.env(), ASSET_MAX_BYTES: "250mb" }));
});
after(async () => {
  await t?.stop();
  await s3?.close();
});

describe("uploads stream into the S3 store", () => {
  test("200 MiB through the REST path and the worker into the bucket: memory grows by at most 64 MiB, the object is whole, nothing on local disk", async () => {
    assert.equal((await uploadVideo(t, token, "warm-up", 9 * MIB)).status, "success");
    let job: any;
    const growths: number[] = [];
    for (let attempt = 1; attempt <= 3 && !growths.some((growth) => growth <= 64 * MIB); attempt++) {
      growths.push(await peakGrowth(async () => void (job = await uploadVideo(t, token, `two hundred megabytes ${attempt}`, 200 * MIB))));
    }
    const growth = Math.min(...growths);
    console.log(`resident memory grew by ${growths.map((each) => (each / MIB).toFixed(1)).join(", ")} MiB while 200 MiB went through REST adapter, gateway, file route, S3 multipart upload and worker`);
    assert.ok(growth <= 64 * MIB, `memory grew by ${(growth / MIB).toFixed(1)} MiB`);
    assert.deepEqual([job.status, job.asset?.type], ["success", "video"], JSON.stringify(job));
    const asset = await t.platform.runtime.db.prisma.asset.findUniqueOrThrow({ where: { id: job.asset.id } });
    assert.equal(asset.byteSize, 200 * MIB);
    const object = await t.platform.runtime.files.get(asset.blobKey!, { start: 200 * MIB - 10 });
    assert.deepEqual([object?.size, object?.range], [200 * MIB, { start: 200 * MIB - 10, end: 200 * MIB - 1 }]);
    object?.stream.destroy();
    assert.ok((await s3.keys()).includes(asset.blobKey!));
    assert.equal(await s3.pendingMultipartUploads(), 0);
    assert.deepEqual(await readdir(path.join(t.config.dataDir, "blobs")).catch(() => []), []);
  });

  test("a sender who goes away mid-body leaves no object, no unfinished multipart upload, and the upload URL unused", async () => {
    const ticket = await t.http.graphql(`mutation($n: String!) { requestAssetUpload(name: $n) { uploadId uploadUrl } }`, { n: "abandoned" }, token);
    const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
    const jobs = await requestedJobCount(t);
    // Gone once parts are being sent to the store.
    await sendThenVanish(onPlatform(t.http, uploadUrl), "PUT", { "content-type": "application/octet-stream" }, async () => (await s3.pendingMultipartUploads()) > 0);
    const deadline = Date.now() + 10_000;
    while ((await s3.pendingMultipartUploads()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await s3.pendingMultipartUploads(), 0, "the multipart upload is aborted");
    assert.deepEqual((await s3.keys()).filter((key) => key.includes(uploadId)), []);
    const slot = await t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
    assert.equal(slot.receivedAt, null);
    assert.equal(await requestedJobCount(t), jobs);
  });
});
