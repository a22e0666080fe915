// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Client } from "graphql-ws";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { base64Name, designToken, png, postUpload } from "../../testing/assets.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { startFaultProxy, targetOf, type FaultProxy } from "../../testing/fault-proxy.js";
import { eventually, sleep, steadyLoad } from "../../testing/steady-load.js";
import { PASSWORD } from "../../testing/accounts.js";
import { startWorkers } from "../../workers/start.js";
import { DOMAINS } from "../../subgraphs/registry.js";

const redisUrl = process.env.REDIS_URL;

let proxy: FaultProxy;
let t: TestPlatform;
let p: People;
let ws: Client | undefined;

const JOB = `subscription($id: ID!) { assetUploadJob(id: $id) { id status } }`;

describe("Redis goes away and comes back", { skip: !redisUrl && "needs REDIS_URL" }, () => {
  before(async () => {
    proxy = await startFaultProxy(targetOf(redisUrl!, 6379));
    // No workers of its own: the test finishes the job while Redis is away.
    ({ t, p } = await startWithPeople({ REDIS_URL: proxy.via(redisUrl!), REDIS_CONNECT_TIMEOUT_MS: "500", JOB_WORKERS: "0" }));
  });
  after(async () => {
    await ws?.dispose();
    await t?.stop();
    await proxy?.close();
  });

  test("logins keep working under per-process memory limits, /readyz says Redis is away, and is ready again after", async () => {
    proxy.cut();
    try {
      const report = await steadyLoad(2, () => t.http.post("/api/auth/login-email-password", { email: p.client.email, password: PASSWORD }), sleep(2_000));
      const statuses = Object.fromEntries(report.statuses);
      assert.deepEqual(Object.keys(statuses), ["200"], `login statuses while Redis is away: ${JSON.stringify(statuses)}`);
      const ready = await t.http.get("/readyz");
      assert.equal(ready.status, 503);
      assert.match(ready.body.checks.redis, /^unavailable/);
      assert.equal(ready.body.checks.database, "ok");
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await t.http.get("/readyz")).status === 200, 15_000, "ready after Redis returns");
  });

  test("a job that finishes while Redis is away still reaches its subscriber as success once Redis is back", async () => {
    const token = await designToken(t.http, p, p.client);
    const created = await postUpload(t.http, token, await png(40, 30), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Outage") }) });
    const jobId = created.body.job.id as string;
    ws = wsClient(t.http.baseUrl, token);
    const followed = follow(ws, JOB, { id: jobId });
    await followed.received(1);
    assert.equal(followed.results[0].data.assetUploadJob.status, "in_progress");

    proxy.cut();
    try {
      const workers = await startWorkers(t.platform.runtime, 1, DOMAINS);
      const job = () => t.platform.runtime.db.prisma.job.findUniqueOrThrow({ where: { id: jobId } });
      await eventually(async () => (await job()).status === "success", 30_000, "the job finishes while Redis is away");
      await workers.stop();
      await sleep(500);
      assert.equal(followed.results.length, 1, "the finishing event could not travel while Redis was away");
    } finally {
      proxy.restore();
    }
    await Promise.race([followed.ended, sleep(20_000).then(() => assert.fail("no update within 20 s of Redis returning"))]);
    assert.deepEqual(followed.results.map((r) => r.data.assetUploadJob.status), ["in_progress", "success"]);
  });
});
