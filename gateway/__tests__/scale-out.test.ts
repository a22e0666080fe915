// @tier process
// @depends postgres, redis, s3
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Client } from "graphql-ws";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { freeDirectPorts, freePort, startProcess, SUBGRAPH_PROCESSES, waitUntilHealthy, type Child } from "../../testing/processes.js";
import { registerPeople } from "../../testing/people.js";
import { designToken, onPlatform, png } from "../../testing/assets.js";
import { designScopedToken } from "../../testing/designs.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { startTestS3, type TestS3 } from "../../testing/s3.js";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

let database: TestDatabase;
let s3: TestS3 | undefined;
const children: Child[] = [];
const clients: Client[] = [];
let gatewayA: HttpClient;
let gatewayB: HttpClient;
let common: Record<string, string>;
let cast: ReturnType<typeof registerPeople> | undefined;
/** The people of the platform, registered once (through gateway A) for every test. */
const people = () => (cast ??= registerPeople(gatewayA));

/** Each process keeps its own data directory: files are shared through the S3 store alone. */
const dataDirOf = (name: string) => path.join(database.dataDir, name);

async function startHealthy(entry: string | string[], env: Record<string, string>, healthUrl: string, name: string): Promise<void> {
  await mkdir(dataDirOf(name), { recursive: true });
  const child = startProcess(entry, { ...common, DATA_DIR: dataDirOf(name), ...env });
  children.push(child);
  // Beside another test file's processes on two cores, a cold start can take minutes.
  await waitUntilHealthy(healthUrl, child, 240_000);
}

before(async () => {
  if (!scaledOut) return;
  database = await createTestDatabase();
  s3 = await startTestS3();
  common = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...s3.env("scale-out/"),
    DATABASE_URL: database.databaseUrl!,
    REDIS_URL: process.env.REDIS_URL!,
    RATE_LIMIT_KEY_PREFIX: `scale-${randomBytes(4).toString("hex")}`,
  };
  const ports: Record<string, string> = {};
  const urls: Record<string, string> = {};
  for (const { portVariable, urlVariable } of SUBGRAPH_PROCESSES) {
    const port = await freePort();
    ports[portVariable] = String(port);
    urls[urlVariable] = `http://127.0.0.1:${port}/graphql`;
  }
  const [portA, portB] = await Promise.all(Array.from({ length: 2 }, () => freePort()));
  // Gateway A: the one-process platform without workers, its subgraphs on known ports.
  await startHealthy(
    "scripts/start-embedded.ts",
    { ...ports, EMBEDDED_SUBGRAPH_PORTS: "configured", JOB_WORKERS: "0", PORT: String(portA), ...(await freeDirectPorts()) },
    `http://127.0.0.1:${portA}/healthz`,
    "gateway-a",
  );
  // Gateway B: a second gateway process over the same subgraphs.
  await startHealthy("gateway/index.ts", { ...urls, ...(await freeDirectPorts()), PORT: String(portB) }, `http://127.0.0.1:${portB}/healthz`, "gateway-b");
  gatewayA = new HttpClient(`http://127.0.0.1:${portA}`);
  gatewayB = new HttpClient(`http://127.0.0.1:${portB}`);
}, { timeout: 600_000 });

after(async () => {
  for (const client of clients) await client.dispose();
  for (const child of children.reverse()) await child.stop();
  await database?.drop();
  await s3?.close();
});

describe("scale-out: two gateways and a separate worker on PostgreSQL + Redis, each on its own data directory, files in the S3 store", { skip: !scaledOut && "needs DATABASE_URL and REDIS_URL" }, () => {
  test("a subscriber on gateway A sees the job created through gateway B finish", async () => {
    const token = await designToken(gatewayA, await people(), (await people()).client);

    const ticket = await gatewayB.graphql(`mutation { requestAssetUpload(name: "Scaled") { uploadId uploadUrl } }`, {}, token);
    const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
    const put = await fetch(onPlatform(gatewayB, uploadUrl), { method: "PUT", body: new Uint8Array(await png(160, 90)) });
    assert.equal(put.status, 204);
    const created = await gatewayB.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id status } }`, { u: uploadId }, token);
    const jobId = created.body.data!.createAssetUploadJob.id;

    const client = wsClient(gatewayA.baseUrl, token);
    clients.push(client);
    const followed = follow(client, `subscription($id: ID!) { assetUploadJob(id: $id) { status asset { name thumbnail { width height url } owner { team { plan } } } } }`, { id: jobId });
    await followed.received(1);
    assert.equal(followed.results[0].data.assetUploadJob.status, "in_progress", "no worker runs yet");

    const workerPort = await freePort();
    await startHealthy("workers/index.ts", { WORKER_HEALTH_PORT: String(workerPort) }, `http://127.0.0.1:${workerPort}/healthz`, "worker");
    const workerReady = await fetch(`http://127.0.0.1:${workerPort}/readyz`);
    assert.deepEqual([workerReady.status, await workerReady.json()], [200, { status: "ready", checks: { database: "ok", "blob-store": "ok", redis: "ok", "rate-limits": "ok" } }]);
    await followed.ended;
    assert.deepEqual(followed.results.map((r) => r.data.assetUploadJob.status), ["in_progress", "success"]);
    const { asset } = followed.results[1].data.assetUploadJob;
    assert.deepEqual([asset.name, asset.thumbnail.width, asset.thumbnail.height, asset.owner.team.plan], ["Scaled", 160, 90, "free"]);
    const thumbnail = await fetch(onPlatform(gatewayB, asset.thumbnail.url));
    assert.equal(thumbnail.status, 200, "blobs are served through either gateway");
    assert.equal(thumbnail.headers.get("content-type"), "image/png");
    // Uploaded through B, read and thumbnailed by the worker, served by A's file route: only the bucket connects them.
    const keys = await s3!.keys("scale-out/");
    assert.ok(keys.some((key) => /^scale-out\/assets\/[^/]+\/thumbnail\.png$/.test(key)), JSON.stringify(keys));
    for (const name of ["gateway-a", "gateway-b", "worker"]) assert.deepEqual(await readdir(path.join(dataDirOf(name), "blobs")).catch(() => []), [], `nothing under ${name}'s DATA_DIR/blobs`);
  });

  test("two editors' subscribers, one on each gateway, see every edit of a design in the same version order", async () => {
    const token = await designScopedToken(gatewayA, await people(), (await people()).client);
    const created = await gatewayA.graphql(`mutation { createDesign(input: { designType: { type: preset, name: doc } }) { id pages { id } } }`, {}, token);
    const { id, pages: [page] } = created.body.data!.createDesign;
    const follows = [gatewayA, gatewayB].map((gateway) => {
      const client = wsClient(gateway.baseUrl, token);
      clients.push(client);
      return follow(client, `subscription($id: ID!) { designChanged(designId: $id) { version operations { addElement { text } } } }`, { id });
    });
    await Promise.all(follows.map((followed) => followed.received(1)));
    const edits = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? gatewayB : gatewayA).graphql(
          `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { version } }`,
          { id, ops: [{ addElement: { pageId: page.id, kind: "text", x: i, y: 0, width: 100, height: 20, text: `edit ${i}` } }] },
          token,
        ),
      ),
    );
    assert.deepEqual(edits.map((edit) => edit.body.data?.editDesign.version).sort((a, b) => a - b), Array.from({ length: 12 }, (_, i) => i + 1), JSON.stringify(edits.map((edit) => edit.text)));
    await Promise.all(follows.map((followed) => followed.received(13)));
    const [onA, onB] = follows.map((followed) => followed.results.map((result) => result.data.designChanged.version));
    assert.deepEqual(onA, Array.from({ length: 13 }, (_, i) => i), "gateway A: every version once, in order");
    assert.deepEqual(onB, onA, "gateway B saw the same versions in the same order");
    const texts = (followed: (typeof follows)[number]) => followed.results.slice(1).map((result) => result.data.designChanged.operations[0].addElement.text);
    assert.deepEqual(texts(follows[1]), texts(follows[0]));
    for (const followed of follows) followed.stop();
  });
});
