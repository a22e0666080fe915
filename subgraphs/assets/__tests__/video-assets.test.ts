// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { base64Name, finishedJob, png, postUpload, startAssetPlatform, type AssetPlatform } from "../../../testing/assets.js";
import { answerOf, assertValid } from "../../../testing/current-spec.js";
import { encodedMp4, isoBox, largeSizeBox, videoContainer } from "../../../testing/videos.js";

let a: AssetPlatform;
const http = () => a.t.http;

/** Uploads `bytes` through POST /v1/asset-uploads and answers the finished job. */
async function uploaded(bytes: Buffer, name: string, token = a.token): Promise<any> {
  const created = await postUpload(http(), token, bytes, { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }) });
  assert.equal(created.status, 200, created.text);
  return finishedJob(http(), `/v1/asset-uploads/${created.body.job.id}`, token);
}

before(async () => {
  a = await startAssetPlatform({ ASSET_VIDEO_MAX_SECONDS: "60" });
});
after(() => a.t.stop());

describe("video assets", () => {
  test("a real H.264 MP4 becomes a video asset with its size and duration; the answers validate against the current specification", async () => {
    const job = await uploaded(await encodedMp4(64, 48, 30, 10), "Clip");
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.deepEqual(job.asset.metadata, { type: "video", width: 64, height: 48, duration: 3 });
    assert.equal(job.asset.thumbnail, undefined, "no thumbnail: nothing here decodes H.264");
    assertValid(answerOf("get", "/v1/asset-uploads/{jobId}"), { job }, "GET /v1/asset-uploads/{jobId}");

    const read = await http().get(`/v1/assets/${job.asset.id}`, { token: a.token });
    assert.equal(read.status, 200, read.text);
    assertValid(answerOf("get", "/v1/assets/{assetId}"), read.body, "GET /v1/assets/{assetId}");
    assert.deepEqual(read.body.asset.metadata, job.asset.metadata);
    const graph = await http().graphql(`query($id: ID!) { asset(id: $id) { metadata { type width height duration durationMs } } }`, { id: job.asset.id }, a.token);
    const { durationMs } = graph.body.data!.asset.metadata;
    assert.ok(Math.abs(durationMs - 3000) <= 100, `${durationMs} ms`);

    const theirs = await http().get(`/v1/assets/${job.asset.id}`, { token: a.otherToken });
    assert.equal(theirs.status, 404, theirs.text);
  });

  test("an image's metadata carries its size and validates too", async () => {
    const job = await uploaded(await png(120, 80), "Still");
    assert.deepEqual(job.asset.metadata, { type: "image", width: 120, height: 80 });
    assertValid(answerOf("get", "/v1/asset-uploads/{jobId}"), { job }, "an image's job");
  });

  test("the check can fail: a video's metadata with a fractional duration is not the specification's", () => {
    const validate = answerOf("get", "/v1/assets/{assetId}");
    const asset = { type: "video", id: "A1", name: "x", tags: [], owner: { user_id: "U1", team_id: "T1" }, created_at: 1, updated_at: 1 };
    assert.equal(validate({ asset: { ...asset, metadata: { type: "video", width: 1, height: 1, duration: 2.5 } } }), false);
    assert.equal(validate({ asset: { ...asset, metadata: { type: "video", width: 1, height: 1, duration: 3 } } }), true);
  });

  test("videos past a budget, or whose header lies about its size, fail with import_failed and leave no asset", async () => {
    const db = a.t.platform.runtime.db.prisma;
    const before = await db.asset.count();
    const ftyp = isoBox("ftyp", Buffer.from("isom\0\0\0\0isommp42", "latin1"));
    for (const [bytes, message] of [
      [videoContainer({ width: 320, height: 240, durationMs: 61_000 }), /longer than the 60 second limit/],
      [videoContainer({ width: 320, height: 240, durationMs: 1000, samples: 0xffffffff }), /more than 5000000 samples/],
      [videoContainer({ width: 320, height: 240, durationMs: 1000, extraTracks: 40 }), /more than 32 tracks/],
      [Buffer.concat([ftyp, largeSizeBox("moov", 1n << 62n), Buffer.alloc(64)]), /could not be read/],
    ] as const) {
      const job = await uploaded(bytes, "Hostile");
      assert.deepEqual([job.status, job.error?.code], ["failed", "import_failed"], JSON.stringify(job));
      assert.match(job.error.message, message);
    }
    assert.equal(await db.asset.count(), before);
  });
});
