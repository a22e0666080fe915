import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { base64Name, finishedJob, onPlatform, png, postUpload, startAssetPlatform } from "../../../testing/assets.js";
import type { TestPlatform } from "../../../testing/platform.js";

const MIB = 1024 * 1024;
let t: TestPlatform;
let token: string;
before(async () => ({ t, token } = await startAssetPlatform({ ASSET_MAX_BYTES: "250mb" })));
after(() => t.stop());

/** `total` bytes made as they are sent: one 1 MiB chunk reused, so the sender holds no more than that. */
function generatedBody(total: number, { stopAfter }: { stopAfter?: AbortController } = {}): ReadableStream<Uint8Array> {
  const chunk = randomBytes(MIB);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (stopAfter && sent >= total / 2) return void stopAfter.abort();
      if (sent >= total) return controller.close();
      const size = Math.min(MIB, total - sent);
      sent += size;
      controller.enqueue(chunk.subarray(0, size));
    },
  });
}

/** Every file under the platform's blob directory, relative to it. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, "blobs");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The highest resident memory of this process (which runs the whole platform) while `work` runs, above where it started. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - start;
}

async function ticket(name: string): Promise<{ uploadId: string; uploadUrl: string }> {
  const response = await t.http.graphql(`mutation($n: String!) { requestAssetUpload(name: $n) { uploadId uploadUrl } }`, { n: name }, token);
  return response.body.data!.requestAssetUpload;
}

describe("uploads are streamed to storage", () => {
  // Every hop copies the chunks it receives, and the runtime frees them at its next collection: what
  // is measured is that memory does not grow with the body (a buffered body alone would be 200 MiB).
  test("200 MiB through the REST path: memory stays under half the body, the file is stored whole, its job runs", async () => {
    let response: Response | undefined;
    const growth = await peakGrowth(async () => {
      response = await fetch(`${t.http.baseUrl}/v1/asset-uploads`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/octet-stream",
          "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("two hundred megabytes") }),
        },
        body: generatedBody(200 * MIB),
        duplex: "half",
      } as RequestInit);
    });
    const body = await response!.json();
    assert.equal(response!.status, 200, JSON.stringify(body));
    console.log(`resident memory grew by ${(growth / MIB).toFixed(1)} MiB while 200 MiB went through REST adapter, gateway and file route`);
    assert.ok(growth < 100 * MIB, `memory grew by ${(growth / MIB).toFixed(1)} MiB`);
    const job = await finishedJob(t.http, `/v1/asset-uploads/${body.job.id}`, token);
    assert.deepEqual([job.status, job.error?.code], ["failed", "import_failed"], "random bytes are not an image: read from the stored file's head");
    const upload = await t.platform.runtime.db.prisma.assetUpload.findFirstOrThrow({ where: { name: "two hundred megabytes" } });
    assert.equal(upload.byteSize, 200 * MIB);
  });

  test("past the limits: refused while the sender is still sending, nothing stored, no partial file; too many pixels never decoded", async () => {
    const small = await startAssetPlatform({ ASSET_MAX_BYTES: "1mb", ASSET_MAX_PIXELS: "1000000" });
    try {
      const { uploadId, uploadUrl } = await (async () => {
        const response = await small.t.http.graphql(`mutation { requestAssetUpload(name: "big") { uploadId uploadUrl } }`, {}, small.token);
        return response.body.data!.requestAssetUpload as { uploadId: string; uploadUrl: string };
      })();
      const put = await fetch(onPlatform(small.t.http, uploadUrl), { method: "PUT", body: generatedBody(20 * MIB), duplex: "half" } as RequestInit).catch(() => undefined);
      if (put) assert.equal(put.status, 204);
      const slot = await small.t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
      assert.deepEqual([slot.tooBig, slot.byteSize], [true, null]);
      const root = path.join(small.t.config.dataDir, "blobs");
      const files = await readdir(root, { recursive: true }).catch(() => []);
      assert.deepEqual(files.filter((file) => String(file).includes(uploadId) || String(file).endsWith(".tmp")), []);

      const header = { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("wide") }) };
      const wide = await postUpload(small.t.http, small.token, await png(2000, 1000), header);
      const job = await finishedJob(small.t.http, `/v1/asset-uploads/${wide.body.job.id}`, small.token);
      assert.deepEqual([job.status, job.error.code], ["failed", "import_failed"], "2,000,000 pixels past a 1,000,000 limit");
    } finally {
      await small.t.stop();
    }
  });

  test("a sender who goes away mid-body leaves no file, no job, and the upload URL still unused", async () => {
    const { uploadId, uploadUrl } = await ticket("abandoned");
    const jobs = await t.platform.runtime.db.prisma.job.count();
    const stop = new AbortController();
    await fetch(onPlatform(t.http, uploadUrl), { method: "PUT", body: generatedBody(8 * MIB, { stopAfter: stop }), signal: stop.signal, duplex: "half" } as RequestInit).catch(() => undefined);
    const deadline = Date.now() + 5_000;
    let files = await storedFiles();
    while (files.some((file) => file.includes(uploadId) || file.endsWith(".tmp")) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      files = await storedFiles();
    }
    assert.deepEqual(files.filter((file) => file.includes(uploadId) || file.endsWith(".tmp")), []);
    const slot = await t.platform.runtime.db.prisma.assetUpload.findUniqueOrThrow({ where: { id: uploadId } });
    assert.equal(slot.receivedAt, null);
    assert.equal(await t.platform.runtime.db.prisma.job.count(), jobs);
  });
});
