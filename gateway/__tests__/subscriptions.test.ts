// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { ASSET_SCOPES, base64Name, designToken, png, postUpload } from "../../testing/assets.js";
import { approvedIntegration, basic, oauthPost, obtainTokens } from "../../testing/oauth.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { startWorkers } from "../../workers/start.js";
import { DOMAINS } from "../../subgraphs/registry.js";
import type { Client } from "graphql-ws";
import type { Job } from "../../generated/prisma/client.js";
import { announceJob, createJobRow } from "../../lib/jobs/engine.js";
import { jobReadsOf } from "../../lib/jobs/creators-jobs.js";
import { ASSET_UPLOAD } from "../../subgraphs/assets/domain/upload-jobs.js";

let t: TestPlatform;
let p: People;
let token: string;
let otherToken: string;
const clients: Client[] = [];

before(async () => {
  // No workers of its own: each test decides when jobs are processed.
  ({ t, p } = await startWithPeople({ JOB_WORKERS: "0", WS_MAX_SUBSCRIPTIONS: "3" }));
  token = await designToken(t.http, p, p.client);
  otherToken = await designToken(t.http, p, p.otherClient);
});
after(async () => {
  for (const client of clients) await client.dispose();
  await t.stop();
});

const client = (who?: string) => {
  const created = wsClient(t.http.baseUrl, who);
  clients.push(created);
  return created;
};

async function pendingUpload(bytes?: Buffer): Promise<string> {
  const created = await postUpload(t.http, token, bytes ?? (await png(200, 100)), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Live") }) });
  assert.equal(created.body.job.status, "in_progress");
  return created.body.job.id;
}

const JOB = `subscription($id: ID!) { assetUploadJob(id: $id) {
  id status error { code } asset { name owner { userId user { designUserId } team { plan } } } } }`;

/** Runs a worker until the given jobs are finished (however long a loaded machine takes). */
async function processJobs(...jobIds: string[]): Promise<void> {
  const workers = await startWorkers(t.platform.runtime, 1, DOMAINS);
  const pending = () => t.platform.runtime.db.prisma.job.count({ where: { id: { in: jobIds }, status: "in_progress" } });
  while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await workers.stop();
}

describe("job subscriptions over graphql-ws on /graphql", () => {
  test("the current state first, then the transition with fields of other subgraphs, then complete", async () => {
    const jobId = await pendingUpload();
    const followed = follow(client(token), JOB, { id: jobId });
    await followed.received(1);
    assert.equal(followed.results[0].data.assetUploadJob.status, "in_progress");
    assert.equal(followed.results[0].data.assetUploadJob.asset, null);
    await processJobs(jobId);
    assert.deepEqual(await followed.ended, {}, "the stream completes after success");
    assert.equal(followed.results.length, 2, JSON.stringify(followed.results));
    const done = followed.results[1];
    assert.equal(done.errors, undefined, JSON.stringify(done.errors));
    assert.equal(done.data.assetUploadJob.status, "success");
    const { owner } = done.data.assetUploadJob.asset;
    assert.equal(owner.user.designUserId, owner.userId, "User from the identity subgraph");
    assert.equal(owner.team.plan, "free", "Team from the identity subgraph");
    assert.equal(Object.keys(done.data.assetUploadJob).includes("subscriptionJobStatus_"), false);
  });

  test("a failing job ends with its error; a finished job sends its state once and completes", async () => {
    const jobId = await pendingUpload(Buffer.from("not an image"));
    const followed = follow(client(token), JOB, { id: jobId });
    await followed.received(1);
    await processJobs(jobId);
    await followed.ended;
    assert.deepEqual(followed.results.map((r) => r.data.assetUploadJob.status), ["in_progress", "failed"]);
    assert.equal(followed.results[1].data.assetUploadJob.error.code, "import_failed");
    const late = follow(client(token), JOB, { id: jobId });
    await late.ended;
    assert.deepEqual(late.results.map((r) => r.data.assetUploadJob.status), ["failed"]);
  });

  test("Subscription.urlAssetUploadJob follows a URL upload (a private address: fetch_failed)", async () => {
    const created = await t.http.post("/v1/url-asset-uploads", { name: "Internal", url: "http://127.0.0.1:9/secret.png" }, { token });
    const followed = follow(client(token), `subscription($id: ID!) { urlAssetUploadJob(id: $id) { status error { code message } } }`, { id: created.body.job.id });
    await followed.received(1);
    await processJobs(created.body.job.id);
    await followed.ended;
    assert.deepEqual(followed.results.map((r) => r.data.urlAssetUploadJob.status), ["in_progress", "failed"]);
    assert.equal(followed.results[1].data.urlAssetUploadJob.error.code, "fetch_failed");
    assert.match(followed.results[1].data.urlAssetUploadJob.error.message, /non-public address/);
  });

  test("only the creator may subscribe; no token, no subscription", async () => {
    const jobId = await pendingUpload();
    const stranger = follow(client(otherToken), JOB, { id: jobId });
    await stranger.ended;
    assert.equal(stranger.results.length, 1);
    assert.equal(stranger.results[0].errors[0].extensions.code, "FORBIDDEN");
    assert.equal(stranger.results[0].data, null);
    const anonymous = follow(client(), JOB, { id: jobId });
    await anonymous.ended;
    assert.equal(anonymous.results[0].errors[0].extensions.code, "UNAUTHENTICATED");
    const unknown = follow(client(token), JOB, { id: "no-such-job" });
    await unknown.ended;
    assert.equal(unknown.results[0].errors[0].extensions.code, "NOT_FOUND");
    await processJobs(jobId);
  });

  test("identical subscriptions share one execution per event; a different selection runs its own", async () => {
    const jobId = await pendingUpload();
    const shared = client(token);
    const first = follow(shared, JOB, { id: jobId });
    const second = follow(client(token), JOB, { id: jobId });
    const other = follow(shared, `subscription($id: ID!) { assetUploadJob(id: $id) { id status } }`, { id: jobId });
    await Promise.all([first.received(1), second.received(1), other.received(1)]);
    const before = t.platform.main.subscriptions.executions;
    await processJobs(jobId);
    await Promise.all([first.ended, second.ended, other.ended]);
    assert.deepEqual(first.results, second.results);
    assert.deepEqual(other.results.map((r) => r.data.assetUploadJob.status), ["in_progress", "success"]);
    assert.equal(t.platform.main.subscriptions.executions - before, 2, "one execution per distinct subscription for the success event");
    assert.equal(t.platform.main.subscriptions.activeSubscriptions, 0, "nothing is kept after completion");
  });

  test("a connection holds a limited number of live subscriptions; ended ones free their place", async () => {
    const jobId = await pendingUpload();
    const connection = client(token);
    const live = [1, 2, 3].map(() => follow(connection, JOB, { id: jobId }));
    await Promise.all(live.map((followed) => followed.received(1)));
    const fourth = follow(connection, JOB, { id: jobId });
    await fourth.ended;
    assert.match(fourth.results[0].errors[0].message, /At most 3 subscriptions per connection/);
    live[0].stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = follow(connection, JOB, { id: jobId });
    await again.received(1);
    assert.equal(again.results[0].data.assetUploadJob.status, "in_progress");
    await processJobs(jobId);
    await Promise.all([again.ended, live[1].ended, live[2].ended]);
  });

  test("a burst of job events, their reads merged: every subscriber gets its own job's state, nothing of another's", async () => {
    const { prisma } = t.platform.runtime.db;
    const jobs: Job[] = [];
    for (let i = 0; i < 9; i++) jobs.push(await createJobRow(prisma, { kind: ASSET_UPLOAD, ownerId: p.client.userId, input: {}, maxAttempts: 1 }));
    const connections = [client(token), client(token), client(token)];
    const followed = jobs.map((job, i) => follow(connections[i % 3], `subscription($id: ID!) { assetUploadJob(id: $id) { id status } }`, { id: job.id }));
    await Promise.all(followed.map((f) => f.received(1)));
    const reads = jobReadsOf(prisma);
    const before = reads.counts.reads;
    await prisma.job.updateMany({ where: { id: { in: jobs.map((job) => job.id) } }, data: { status: "success", result: {} } });
    await Promise.all(jobs.map((job) => announceJob(t.platform.runtime.bus, { ...job, status: "success" })));
    await Promise.all(followed.map((f) => f.ended));
    followed.forEach((f, i) => assert.deepEqual(f.results.map((r) => r.data.assetUploadJob), [{ id: jobs[i].id, status: "in_progress" }, { id: jobs[i].id, status: "success" }]));
    assert.equal(reads.counts.reads - before, 9, "one read per subscription, through the merged reads");
  });

  test("a malformed subscription is refused alone: the connection's other subscriptions go on", async () => {
    const jobId = await pendingUpload();
    const connection = client(token);
    const live = follow(connection, JOB, { id: jobId });
    await live.received(1);
    const malformed = follow(connection, `subscription($id: ID!) { assetUploadJob(id: $id) { id status `, { id: jobId });
    const { error } = await malformed.ended;
    assert.match(JSON.stringify(error), /Syntax Error/);
    await processJobs(jobId);
    assert.deepEqual(await live.ended, {});
    assert.deepEqual(live.results.map((r) => r.data.assetUploadJob.status), ["in_progress", "success"]);
  });

  test("a subscription that is not a job field is refused with an error", async () => {
    const followed = follow(client(token), `subscription { nothingHere }`);
    const { error } = await followed.ended;
    assert.ok(error, "validation error");
  });
});

describe("a subscription sent over HTTP", () => {
  test("is a 400 that says where subscriptions are served, not a 500", async () => {
    const answer = await t.http.graphql(`subscription { assetUploadJob(id: "nope") { status } }`, {}, token);
    assert.equal(answer.status, 400, answer.text);
    assert.equal(answer.body.errors?.[0].extensions.code, "BAD_REQUEST");
    assert.match(answer.body.errors?.[0].message, /graphql-ws/);
  });
});

describe("a revoked token's subscriptions end at once, with no job event", () => {
  for (const [what, revoked] of [
    ["the access token", (tokens: { access_token: string }) => ({ token: tokens.access_token })],
    ["its grant (the refresh token)", (tokens: { refresh_token: string }) => ({ token: tokens.refresh_token })],
  ] as const) {
    test(`revoking ${what} ends the subscription within a second`, async () => {
      const integration = await approvedIntegration(t.http, p, `${ASSET_SCOPES} openid profile:read`);
      const tokens = await obtainTokens(t.http, integration, p.client, ASSET_SCOPES);
      const jobId = await pendingUpload();
      const followed = follow(client(tokens.access_token), JOB, { id: jobId });
      await followed.received(1);
      assert.equal(followed.results[0].data.assetUploadJob.status, "in_progress");
      const revokedAt = Date.now();
      const answer = await oauthPost(t.http, "/v1/oauth/revoke", revoked(tokens), { authorization: basic(integration) });
      assert.equal(answer.status, 200, answer.text);
      const ended = await Promise.race([followed.ended.then(() => Date.now() - revokedAt), new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5_000))]);
      assert.ok(ended < 1_000, `ended ${ended} ms after the revocation`);
      const last = followed.results.at(-1);
      assert.equal(last?.errors?.[0]?.extensions?.code, "UNAUTHENTICATED", JSON.stringify(followed.results));
      assert.equal(await t.platform.runtime.db.prisma.job.count({ where: { id: jobId, status: "in_progress" } }), 1, "no job event was needed");
    });
  }
});
