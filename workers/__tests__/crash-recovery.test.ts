// @tier process
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { killHard, startPlatformProcess, type Child } from "../../testing/processes.js";
import { registerPeople, type People } from "../../testing/people.js";
import { designToken, finishedJob, png } from "../../testing/assets.js";
import { designScopedToken } from "../../testing/designs.js";
import { downloaded, openedVideo } from "../../testing/exports.js";

let database: TestDatabase;
let env: Record<string, string>;
let platform: Child | undefined;
let files: http.Server;
let origin: string;
let requestsSeen = 0;
/** The people registered by the first test (the database outlives each platform process). */
let cast: People | undefined;
let firstRequestSeen: () => void;
const firstRequest = new Promise<void>((resolve) => (firstRequestSeen = resolve));

/** The first fetch stalls mid-body (the worker is mid-job when it dies); later ones get the whole image. */
async function startStallingServer(): Promise<void> {
  const image = await png(90, 60);
  files = http.createServer((_req, res) => {
    requestsSeen++;
    res.writeHead(200, { "content-type": "image/png", "content-length": String(image.length) });
    if (requestsSeen === 1) {
      res.write(image.subarray(0, 64));
      return firstRequestSeen();
    }
    res.end(image);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

async function startPlatform(): Promise<HttpClient> {
  const started = await startPlatformProcess(env);
  platform = started.child;
  return new HttpClient(started.baseUrl);
}

before(async () => {
  await startStallingServer();
  database = await createTestDatabase();
  env = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    // Tokens name the issuer: it stays the same when a restart needs other ports.
    PUBLIC_URL: "http://platform.test",
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    JOB_LEASE_MS: "1500",
    URL_FETCH_ALLOW_PRIVATE: "true",
    URL_FETCH_TIMEOUT_MS: "60000",
    RATE_LIMIT_KEY_PREFIX: `crash-${randomBytes(4).toString("hex")}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
});

after(async () => {
  if (platform) await killHard(platform);
  files.closeAllConnections();
  files.close();
  await database.drop();
});

describe("a worker killed mid-job (kill -9)", () => {
  test("leaves nothing stuck: after a restart the job is resumed and finishes, once", async () => {
    let http = await startPlatform();
    const people = (cast = await registerPeople(http));
    const token = await designToken(http, people, people.client);
    const created = await http.post("/v1/url-asset-uploads", { name: "Survivor", url: `${origin}/image.png` }, { token });
    assert.equal(created.status, 200, created.text);
    const jobId = created.body.job.id;
    await firstRequest;
    await killHard(platform!);
    assert.equal(requestsSeen, 1, "the job was mid-fetch when its worker died");

    http = await startPlatform();
    const job = await finishedJob(http, `/v1/url-asset-uploads/${jobId}`, token, 60_000);
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.equal(job.asset.name, "Survivor");
    assert.deepEqual([job.asset.thumbnail.width, job.asset.thumbnail.height], [90, 60]);
    assert.equal(requestsSeen, 2, "resumed once, by one worker");
    const graph = await http.graphql(`query($id: ID!) { urlAssetUploadJob(id: $id) { status asset { id } } }`, { id: jobId }, token);
    assert.equal(graph.body.data!.urlAssetUploadJob.asset.id, job.asset.id);
  });

  test("an export (a 4K video, seconds of work) killed mid-way is resumed after the restart and finishes with a playable file", async () => {
    if (platform) await killHard(platform);
    let http = await startPlatform();
    cast ??= await registerPeople(http);
    const token = await designScopedToken(http, cast, cast.client);
    const design = await http.post("/v1/designs", { design_type: { type: "custom", width: 1600, height: 900 }, title: "Long render" }, { token });
    assert.equal(design.status, 200, design.text);
    const created = await http.post("/v1/exports", { design_id: design.body.design.id, format: { type: "mp4", quality: "horizontal_4k" } }, { token });
    assert.equal(created.status, 200, created.text);
    const jobId = created.body.job.id;
    // A worker claims the job as soon as it is announced; encoding a 4K page takes about a second on a quiet machine.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killHard(platform!);
    assert.equal(existsSync(path.join(database.dataDir, "blobs", "exports", jobId)), false, "the export had not finished when its worker died");

    http = await startPlatform();
    const job = await finishedJob(http, `/v1/exports/${jobId}`, token, 120_000);
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.equal(job.urls.length, 1);
    const video = await openedVideo((await downloaded(http, job.urls[0])).bytes);
    assert.deepEqual([video.tracks[0].width, video.tracks[0].height, Math.round(video.tracks[0].seconds)], [3840, 2160, 2]);
  });
});
