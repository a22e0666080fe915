// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { base64Name, designToken, startAssetPlatform, finishedJob, onPlatform, png, postUpload } from "../../../testing/assets.js";
import { requestedJobCount } from "../../../testing/workers.js";

let t: TestPlatform;
let p: People;
let token: string;
let otherToken: string;
let readOnly: string;

before(async () => ({ t, p, token, otherToken, readOnly } = await startAssetPlatform({ ASSET_MAX_BYTES: "200kb" })));
after(() => t.stop());

const jobCount = () => requestedJobCount(t);

describe("POST /v1/asset-uploads", () => {
  test("an image becomes an asset: dimensions read, thumbnail generated, served by a signed URL", async () => {
    const created = await postUpload(t.http, token, await png(640, 480), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Café logo") }) });
    assert.equal(created.status, 200, created.text);
    assert.match(created.body.job.id, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.ok(["in_progress", "success"].includes(created.body.job.status));
    const job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token);
    assert.equal(job.status, "success", JSON.stringify(job));
    const { asset } = job;
    assert.equal(asset.type, "image");
    assert.equal(asset.name, "Café logo");
    assert.deepEqual(asset.tags, []);
    assert.match(asset.owner.user_id, /^U\d+$/);
    assert.equal(typeof asset.owner.team_id, "string");
    assert.equal(typeof asset.created_at, "number");
    assert.deepEqual([asset.thumbnail.width, asset.thumbnail.height], [400, 300]);
    const thumbnail = await fetch(onPlatform(t.http, asset.thumbnail.url));
    assert.equal(thumbnail.status, 200);
    const decoded = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    assert.deepEqual([decoded.format, decoded.width, decoded.height], ["png", 400, 300]);
    const url = onPlatform(t.http, asset.thumbnail.url);
    const expires = Number(url.searchParams.get("expires"));
    assert.ok(Math.abs(expires - (Math.floor(Date.now() / 1000) + 15 * 60)) < 30, "thumbnail URLs live 15 minutes");
    url.searchParams.set("expires", String(expires + 60));
    assert.equal((await fetch(url)).status, 403, "an altered URL opens nothing");
    const again = await t.http.get(`/rest/v1/asset-uploads/${created.body.job.id}`, { token });
    assert.equal(again.body.job.asset.id, asset.id);
  });

  test("bytes that are not an image or video fail with import_failed; too many bytes with file_too_big", async () => {
    const header = { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("notes") }) };
    const text = await postUpload(t.http, token, "just some text, not a picture", header);
    assert.equal(text.status, 200, text.text);
    const failed = await finishedJob(t.http, `/v1/asset-uploads/${text.body.job.id}`, token);
    assert.equal(failed.status, "failed");
    assert.equal(failed.error.code, "import_failed");
    assert.equal(typeof failed.error.message, "string");
    assert.equal(failed.asset, undefined);
    const broken = (await png(50, 50)).subarray(0, 60);
    const truncated = await finishedJob(t.http, `/v1/asset-uploads/${(await postUpload(t.http, token, broken, header)).body.job.id}`, token);
    assert.deepEqual([truncated.status, truncated.error.code], ["failed", "import_failed"]);
    const big = await postUpload(t.http, token, Buffer.alloc(300 * 1024, 7), header, "/rest/v1/asset-uploads");
    assert.equal(big.status, 200, big.text);
    const tooBig = await finishedJob(t.http, `/v1/asset-uploads/${big.body.job.id}`, token);
    assert.deepEqual([tooBig.status, tooBig.error.code], ["failed", "file_too_big"]);
  });

  test("a sender far past the limit is cut off; the upload still ends as file_too_big", async () => {
    const ticket = await t.http.graphql(`mutation { requestAssetUpload(name: "huge") { uploadId uploadUrl } }`, {}, token);
    const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
    await fetch(onPlatform(t.http, uploadUrl), { method: "PUT", body: new Uint8Array(2 * 1024 * 1024) }).catch(() => undefined);
    const created = await t.http.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id } }`, { u: uploadId }, token);
    const job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.data!.createAssetUploadJob.id}`, token);
    assert.deepEqual([job.status, job.error.code], ["failed", "file_too_big"]);
    const header = { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("huge") }) };
    const viaRest = await postUpload(t.http, token, Buffer.alloc(2 * 1024 * 1024, 1), header);
    assert.equal(viaRest.status, 200, viaRest.text);
    const restJob = await finishedJob(t.http, `/v1/asset-uploads/${viaRest.body.job.id}`, token);
    assert.deepEqual([restJob.status, restJob.error.code], ["failed", "file_too_big"]);
  });

  test("a missing or malformed header, bad Base64, a long name, a multipart body: 400 and no job", async () => {
    const before = await jobCount();
    const image = await png(10, 10);
    const cases: [Record<string, string>, string, string][] = [
      [{}, "invalid_request", "Missing Asset-Upload-Metadata header"],
      [{ "asset-upload-metadata": "{not json" }, "invalid_request", ""],
      [{ "asset-upload-metadata": JSON.stringify({ name: "x" }) }, "invalid_request", ""],
      [{ "asset-upload-metadata": JSON.stringify({ name_base64: "***" }) }, "invalid_field", ""],
      [{ "asset-upload-metadata": JSON.stringify({ name_base64: "" }) }, "invalid_field", ""],
      [{ "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("n".repeat(51)) }) }, "invalid_field", "The asset name must be at most 50 characters"],
    ];
    for (const [headers, code, message] of cases) {
      const response = await postUpload(t.http, token, image, headers);
      assert.equal(response.status, 400, JSON.stringify(headers));
      assert.equal(response.body.code, code, response.text);
      if (message) assert.equal(response.body.message, message);
    }
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "a.png");
    const multipart = await fetch(`${t.http.baseUrl}/v1/asset-uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("x") }) },
      body: form,
    });
    assert.equal(multipart.status, 400);
    assert.equal((await multipart.json()).code, "bad_request_body");
    assert.equal(await jobCount(), before, "no job was created");
  });

  test("authentication and scopes: no token 401, read-only token 403 missing_scope, business token 401", async () => {
    const header = { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("x") }) };
    const anonymous = await postUpload(t.http, undefined, await png(5, 5), header);
    assert.deepEqual([anonymous.status, anonymous.body.code], [401, "invalid_access_token"]);
    const scoped = await postUpload(t.http, readOnly, await png(5, 5), header);
    assert.deepEqual([scoped.status, scoped.body.code], [403, "missing_scope"]);
    const business = await postUpload(t.http, p.client.token, await png(5, 5), header);
    assert.equal(business.status, 401);
  });

  test("only the creator reads a job: another user gets 403, an unknown job 404", async () => {
    const created = await postUpload(t.http, token, await png(20, 20), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("mine") }) });
    assert.equal(created.status, 200, created.text);
    const other = await t.http.get(`/v1/asset-uploads/${created.body.job.id}`, { token: otherToken });
    assert.deepEqual([other.status, other.body.code], [403, "permission_denied"]);
    const unknown = await t.http.get(`/v1/asset-uploads/nope123`, { token });
    assert.deepEqual([unknown.status, unknown.body.code], [404, "not_found"]);
  });
});
