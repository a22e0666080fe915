// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { sweepExpiredUploads } from "../domain/uploads.js";
import { base64Name, designToken, startAssetPlatform, finishedJob, onPlatform, png, postUpload } from "../../../testing/assets.js";

let t: TestPlatform;
let p: People;
let token: string;
let otherToken: string;
let readOnly: string;

before(async () => ({ t, p, token, otherToken, readOnly } = await startAssetPlatform()));
after(() => t.stop());

async function newAsset(name = "Banner"): Promise<any> {
  const created = await postUpload(t.http, token, await png(120, 60), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }) });
  const job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token);
  assert.equal(job.status, "success", JSON.stringify(job));
  return job.asset;
}

describe("assets over REST", () => {
  test("GET answers { asset } for the owner's team, 404 for another team and unknown ids", async () => {
    const asset = await newAsset();
    const read = await t.http.get(`/v1/assets/${asset.id}`, { token: readOnly });
    assert.equal(read.status, 200);
    assert.deepEqual(Object.keys(read.body), ["asset"]);
    assert.deepEqual({ ...read.body.asset, thumbnail: undefined }, { ...asset, thumbnail: undefined });
    assert.deepEqual([read.body.asset.thumbnail.width, read.body.asset.thumbnail.height], [120, 60], "small images are not enlarged");
    for (const [path, who] of [[`/v1/assets/${asset.id}`, otherToken], ["/v1/assets/unknown", token], ["/v1/assets/bad%20id", token]] as const) {
      const response = await t.http.get(path, { token: who });
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], path);
    }
  });

  test("PATCH: empty or absent name is unchanged; tags replace all; limits refused without a change", async () => {
    const asset = await newAsset("Original");
    const tagged = await t.http.request("PATCH", `/rest/v1/assets/${asset.id}`, { token, body: { name: "", tags: ["a", "b"] } });
    assert.equal(tagged.status, 200, tagged.text);
    assert.deepEqual([tagged.body.asset.name, tagged.body.asset.tags], ["Original", ["a", "b"]]);
    const renamed = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token, body: { name: "Renamed" } });
    assert.deepEqual([renamed.body.asset.name, renamed.body.asset.tags], ["Renamed", ["a", "b"]]);
    assert.ok(renamed.body.asset.updated_at >= asset.updated_at);
    const replaced = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token, body: { tags: ["c"] } });
    assert.deepEqual(replaced.body.asset.tags, ["c"]);
    const invalid = [{ name: "n".repeat(51) }, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, { tags: ["x".repeat(51)] }, { tags: "not a list" }];
    for (const body of invalid) {
      const response = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token, body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, "invalid_field");
    }
    assert.deepEqual((await t.http.get(`/v1/assets/${asset.id}`, { token })).body.asset.tags, ["c"], "nothing changed");
    const scoped = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token: readOnly, body: { name: "x" } });
    assert.deepEqual([scoped.status, scoped.body.code], [403, "missing_scope"]);
    const foreign = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token: otherToken, body: { name: "x" } });
    assert.equal(foreign.status, 404);
  });

  test("DELETE answers 204 and moves the asset to the trash: gone from the API, its file kept", async () => {
    const asset = await newAsset("Doomed");
    assert.equal((await t.http.request("DELETE", `/v1/assets/${asset.id}`, { token: otherToken })).status, 404);
    const deleted = await t.http.request("DELETE", `/v1/assets/${asset.id}`, { token });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, "");
    assert.equal((await t.http.get(`/v1/assets/${asset.id}`, { token })).status, 404);
    assert.equal((await t.http.request("DELETE", `/v1/assets/${asset.id}`, { token })).status, 404);
    const row = await t.platform.runtime.db.prisma.asset.findUniqueOrThrow({ where: { id: asset.id } });
    assert.ok(row.trashedAt, "in the trash");
    assert.ok(await t.platform.runtime.files.get(row.blobKey), "designs already using it keep its file");
  });
});

describe("assets over GraphQL", () => {
  test("ticket, PUT the bytes to the signed URL, create the job; the asset's owner resolves across subgraphs", async () => {
    const ticket = await t.http.graphql(`mutation { requestAssetUpload(name: "Via graph") { uploadId uploadUrl expiresAt } }`, {}, token);
    const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
    const put = await fetch(onPlatform(t.http, uploadUrl), { method: "PUT", body: new Uint8Array(await png(64, 64)), headers: { "content-type": "application/octet-stream" } });
    assert.equal(put.status, 204);
    const reused = await fetch(onPlatform(t.http, uploadUrl), { method: "PUT", body: "again" });
    assert.equal(reused.status, 409, "an upload URL takes bytes once");
    const created = await t.http.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id status } }`, { u: uploadId }, token);
    const jobId = created.body.data!.createAssetUploadJob.id;
    const twice = await t.http.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id } }`, { u: uploadId }, token);
    assert.equal(twice.body.errors![0].extensions.code, "CONFLICT");
    await finishedJob(t.http, `/v1/asset-uploads/${jobId}`, token);
    const read = await t.http.graphql(
      `query($id: ID!) { assetUploadJob(id: $id) { status asset { name type owner { userId user { designUserId } team { plan capabilities } } } } }`,
      { id: jobId },
      token,
    );
    assert.equal(read.body.errors, undefined, JSON.stringify(read.body.errors));
    const job = read.body.data!.assetUploadJob;
    assert.equal(job.status, "success");
    assert.equal(job.asset.name, "Via graph");
    assert.equal(job.asset.owner.user.designUserId, job.asset.owner.userId);
    assert.equal(job.asset.owner.team.plan, "free");
  });

  test("an unsigned upload URL opens nothing; the configured front-end origin may use signed ones", async () => {
    const ticket = await t.http.graphql(`mutation { requestAssetUpload(name: "x") { uploadUrl } }`, {}, token);
    const url = onPlatform(t.http, ticket.body.data!.requestAssetUpload.uploadUrl);
    url.searchParams.set("signature", "0".repeat(64));
    const forged = await fetch(url, { method: "PUT", body: "x" });
    assert.equal(forged.status, 403);
    const preflight = await fetch(url, { method: "OPTIONS", headers: { origin: t.config.corsAllowOrigin, "access-control-request-method": "PUT" } });
    assert.equal(preflight.headers.get("access-control-allow-origin"), t.config.corsAllowOrigin, "the front end may PUT straight to the URL");
    const name = await t.http.graphql(`mutation { requestAssetUpload(name: "") { uploadUrl } }`, {}, token);
    assert.equal(name.body.errors![0].extensions.code, "BAD_USER_INPUT");
  });

  test("an upload slot that expired unused cannot become a job and is swept with its bytes", async () => {
    const ticket = await t.http.graphql(`mutation { requestAssetUpload(name: "late") { uploadId uploadUrl } }`, {}, token);
    const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
    assert.equal((await fetch(onPlatform(t.http, uploadUrl), { method: "PUT", body: "bytes" })).status, 204);
    const db = t.platform.runtime.db.prisma;
    await db.assetUpload.update({ where: { id: uploadId }, data: { expiresAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
    const late = await t.http.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id } }`, { u: uploadId }, token);
    assert.equal(late.body.errors![0].extensions.code, "NOT_FOUND");
    assert.equal(await sweepExpiredUploads({ db, blobs: t.platform.runtime.files }), 1);
    assert.equal(await db.assetUpload.findUnique({ where: { id: uploadId } }), null);
    assert.equal(await t.platform.runtime.files.get(`uploads/${uploadId}`), undefined);
  });
});

describe("rate limits per integration and user", () => {
  test("past the documented limit: 429 too_many_requests with Retry-After; another user keeps their own budget", async () => {
    const asset = await newAsset("Limited");
    // Another integration of the same user: a budget of its own (earlier tests spent some of the first one's).
    const limited = await designToken(t.http, p, p.client);
    const statuses: number[] = [];
    let refused: any;
    for (let i = 0; i < 31; i++) {
      const response = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token: limited, body: { tags: [`t${i}`] } });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(200), "30 updates a minute are allowed");
    assert.equal(statuses[30], 429);
    assert.deepEqual(refused.body, { code: "too_many_requests", message: "Too many requests to updateAsset" });
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.deepEqual((await t.http.get(`/v1/assets/${asset.id}`, { token })).body.asset.tags, ["t29"], "the refused update changed nothing");
    const other = await t.http.request("PATCH", `/v1/assets/${asset.id}`, { token: otherToken, body: { name: "x" } });
    assert.equal(other.status, 404, "the other user is not limited (and not the owner)");
  });
});
