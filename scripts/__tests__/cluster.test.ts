// @tier process
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import type { Client } from "graphql-ws";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import { anyDomainPorts, platformGroups } from "../../lib/modules/topology.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { HttpClient } from "../../testing/http.js";
import { askAdvertisedUrls } from "../../testing/origin.js";
import { freeDirectPorts, freePort, runProcess, startProcess, type Child } from "../../testing/processes.js";
import { registerPeople } from "../../testing/people.js";
import { designToken, png } from "../../testing/assets.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { treeResidentBytes } from "../cluster/children.js";
import { DEMO_PASSWORD } from "../seed/demo-data.js";

const serverUrl = process.env.DATABASE_URL;
const onServers = Boolean(serverUrl && process.env.REDIS_URL);
/** The goal of issue 50: the whole layout, every process together. */
const MEMORY_GOAL_BYTES = 2.5e9;

let dir: string;
let databaseUrl: string;
let cluster: Child;
let env: Record<string, string>;
let origin: HttpClient;
let processes: { name: string; pid: number; url: string }[] = [];
const clients: Client[] = [];

/** The cluster's ready record (LOG_FORMAT=json): the processes it started, by name. */
async function readyRecord(child: Child, timeoutMs: number): Promise<{ processes: typeof processes }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = child.output().split("\n").find((candidate) => candidate.includes('"msg":"cluster ready'));
    if (line) return JSON.parse(line);
    if (child.process.exitCode !== null) throw new Error(`start:cluster exited (${child.process.exitCode}):\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`start:cluster not ready after ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

before(async () => {
  if (!onServers) return;
  dir = await mkdtemp(path.join(os.tmpdir(), "cluster-"));
  // A database the server does not have yet: the cluster makes it.
  const url = new URL(serverUrl!);
  url.pathname = `/cluster_${randomBytes(4).toString("hex")}`;
  databaseUrl = url.toString();
  const port = await freePort();
  const subgraphPorts = Object.fromEntries(await Promise.all(MANIFESTS.map(async (domain) => [`${variablePrefix(domain.name)}_SUBGRAPH_PORT`, String(await freePort())])));
  env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL!,
    JWT_SECRET: randomBytes(32).toString("hex"),
    RATE_LIMIT_KEY_PREFIX: `cluster-${randomBytes(4).toString("hex")}`,
    DATA_DIR: dir,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_FORMAT: "json",
    ...subgraphPorts,
    ...anyDomainPorts(MANIFESTS),
    ...(await freeDirectPorts()),
  };
  cluster = startProcess("scripts/start-cluster.ts", env);
  // Seven processes starting side by side on two cores, beside whatever other test file runs meanwhile.
  ({ processes } = await readyRecord(cluster, 400_000));
  origin = new HttpClient(env.PUBLIC_URL);
}, { timeout: 420_000 });

after(async () => {
  for (const client of clients) await client.dispose();
  await cluster?.stop();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(new URL(databaseUrl).pathname.slice(1))} WITH (FORCE)`);
    await admin.end();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const gateway = (name: string) => new HttpClient(processes.find((p) => p.name === name)!.url);

describe("npm run start:cluster", () => {
  test("without a database it says in one line what to set, and starts nothing", async () => {
    const { code, output } = await runProcess("scripts/start-cluster.ts", { REDIS_URL: "redis://127.0.0.1:6379" });
    assert.equal(code, 2);
    assert.equal(output.trim().split("\n").length, 1, output);
    assert.match(output, /^start:cluster: set DATABASE_URL/);
  });

  describe("the layout on PostgreSQL, Redis and the bundled S3 test server", { skip: !onServers && "needs DATABASE_URL and REDIS_URL" }, () => {
    test("made the database, and started the catalog's process groups, two gateways, a worker and the S3 test server, each node itself", async () => {
      const groups = platformGroups(MANIFESTS).map((group) => `subgraphs-${group.name}`);
      assert.deepEqual(processes.map((p) => p.name).sort(), ["gateway-a", "gateway-b", "s3-test-server", "worker", ...groups].sort());
      const ready = await origin.get("/readyz");
      assert.equal(ready.status, 200, ready.text);
      for (const { name, pid } of processes) {
        const argv = await readFile(`/proc/${pid}/cmdline`, "utf8").then((text) => text.split("\0"), () => undefined);
        if (argv) assert.equal(path.basename(argv[0]), path.basename(process.execPath), `${name} runs ${argv[0]}, not node`);
      }
    });

    test("a job uploaded through one gateway is followed to its end on the other; its thumbnail's signed URL answers on the origin", async () => {
      const [a, b] = [gateway("gateway-a"), gateway("gateway-b")];
      const people = await registerPeople(origin);
      const token = await designToken(origin, people, people.client);
      const ticket = await a.graphql(`mutation { requestAssetUpload(name: "Clustered") { uploadId uploadUrl } }`, {}, token);
      const { uploadId, uploadUrl } = ticket.body.data!.requestAssetUpload;
      assert.ok(uploadUrl.startsWith(`${env.PUBLIC_URL}/uploads/`), uploadUrl);
      const put = await fetch(uploadUrl, { method: "PUT", body: new Uint8Array(await png(160, 90)) });
      assert.equal(put.status, 204);
      const created = await a.graphql(`mutation($u: ID!) { createAssetUploadJob(uploadId: $u) { id } }`, { u: uploadId }, token);
      const client = wsClient(b.baseUrl, token);
      clients.push(client);
      const followed = follow(client, `subscription($id: ID!) { assetUploadJob(id: $id) { status asset { thumbnail { url } } } }`, { id: created.body.data!.createAssetUploadJob.id });
      await followed.ended;
      const last = followed.results.at(-1).data.assetUploadJob;
      assert.equal(last.status, "success", JSON.stringify(followed.results));
      assert.ok(last.asset.thumbnail.url.startsWith(`${env.PUBLIC_URL}/blobs/`), last.asset.thumbnail.url);
      const thumbnail = await fetch(last.asset.thumbnail.url);
      assert.deepEqual([thumbnail.status, thumbnail.headers.get("content-type")], [200, "image/png"]);
    });

    test("every URL the platform advertises answers on the origin, OpenID discovery and its endpoints first; the services' own ports too", async () => {
      const own = (variable: string) => `http://127.0.0.1:${env[variable]}`;
      const { problems } = await askAdvertisedUrls(env.PUBLIC_URL, { auth: own("AUTH_PORT"), work: own("WORK_PORT"), forum: own("FORUM_PORT"), blog: own("BLOG_PORT"), payment: own("PAYMENT_PORT"), ipfs: own("IPFS_PORT") });
      assert.deepEqual(problems, []);
    });

    test("npm run seed writes the demo data through PUBLIC_URL", async () => {
      const seeded = await runProcess("scripts/seed.ts", { PUBLIC_URL: env.PUBLIC_URL, JWT_SECRET: env.JWT_SECRET, DATABASE_URL: databaseUrl, DATA_DIR: dir });
      assert.equal(seeded.code, 0, seeded.output);
      assert.match(seeded.output, /demo data: \d+ pieces added/);
      assert.doesNotMatch(seeded.output, /started for this command/);
      const login = await origin.post("/api/auth/login-email-password", { email: "demo-client@example.com", password: DEMO_PASSWORD });
      assert.equal(login.status, 200, login.text);
    });

    test("the whole layout's memory stays within the goal", async (t) => {
      const resident = await treeResidentBytes(cluster.process.pid!);
      assert.ok(resident !== undefined, "reads /proc");
      t.diagnostic(`start:cluster resident memory after the tests above: ${Math.round(resident / 2 ** 20)} MiB in ${processes.length + 1} processes`);
      console.log(`start:cluster resident memory: ${Math.round(resident / 2 ** 20)} MiB (${(resident / 1e9).toFixed(2)} GB) in ${processes.length + 1} processes`);
      assert.ok(resident <= MEMORY_GOAL_BYTES, `${(resident / 1e9).toFixed(2)} GB, over ${MEMORY_GOAL_BYTES / 1e9} GB`);
    });

    test("SIGTERM stops every process it started", async () => {
      await cluster.stop();
      assert.equal(cluster.process.exitCode, 0, cluster.output().slice(-2000));
      const alive = processes.filter(({ pid }) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      assert.deepEqual(alive, []);
    });
  });
});
