// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { postUpload, png, startAssetPlatform, base64Name, type AssetPlatform } from "../../testing/assets.js";
import { DESIGN_DOMAINS, startTestPlatform } from "../../testing/platform.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { QUIET_DATABASE } from "../../testing/people.js";

/** The value of one sample in Prometheus' text format (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("Prometheus metrics at /metrics", () => {
  let a: AssetPlatform;
  before(async () => {
    a = await startAssetPlatform({ ...QUIET_DATABASE, LOGIN_MAX_FAILURES: "1" }, [...DESIGN_DOMAINS, "work"]);
  });
  after(() => a.t.stop());

  test("per GraphQL operation, per REST route, rate-limit refusals, job queue and live subscriptions", async () => {
    const { t, token } = a;
    const before = (await t.http.get("/metrics")).text;
    for (let i = 0; i < 3; i++) await t.http.graphql(`query MetricsProbe { __typename }`);
    assert.equal((await t.http.graphql(`query MetricsFailing { nope }`)).status, 400);
    assert.equal((await t.http.get("/api/auth/profile")).status, 401);
    assert.equal((await t.direct("work").get("/projects")).status, 401);
    for (let i = 0; i < 3; i++) {
      await t.http.post("/api/auth/login-email-password", { email: "nobody-metrics@example.com", password: "wrong-password1" });
    }
    const upload = await postUpload(t.http, token, await png(4, 4), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("queued") }) });
    assert.equal(upload.status, 200, upload.text);
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, `subscription($id: ID!) { assetUploadJob(id: $id) { status } }`, { id: upload.body.job.id });
    await followed.received(1);

    const response = await t.http.get("/metrics");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
    const text = response.text;
    assert.equal(sample(text, `graphql_operation_duration_seconds_count{operation="MetricsProbe"}`), 3);
    // A document that does not validate has no resolved operation.
    assert.ok(sample(text, `graphql_operation_errors_total{operation="unresolved"}`)! >= 1);
    assert.equal(sample(before, `graphql_operation_duration_seconds_count{operation="MetricsProbe"}`), undefined);
    assert.ok(sample(text, `rest_request_duration_seconds_count{service="auth",route="GET /profile"}`)! >= 1);
    assert.ok(sample(text, `rest_request_duration_seconds_count{service="work",route="GET /projects"}`)! >= 1);
    assert.ok(sample(text, `rate_limit_refusals_total{limit="login-failures"}`)! >= 1);
    assert.equal(sample(text, `job_queue_depth{kind="asset_upload",state="waiting"}`), 1);
    assert.ok(sample(text, `job_queue_oldest_waiting_age_seconds{kind="asset_upload"}`)! >= 0);
    assert.equal(sample(text, "graphql_live_subscriptions"), 1);
    assert.ok(sample(text, "process_cpu_user_seconds_total")! > 0);
    followed.stop();
    await client.dispose();
  });
});

describe("metrics settings", () => {
  test("METRICS_TOKEN: a scrape without the bearer token is refused 401", async () => {
    const t = await startTestPlatform({ METRICS_TOKEN: "scrape-secret-123", JOB_WORKERS: "0" });
    try {
      const refused = await t.http.get("/metrics");
      assert.equal(refused.status, 401);
      assert.equal((await t.http.get("/metrics", { token: "wrong" })).status, 401);
      const scraped = await t.http.get("/metrics", { token: "scrape-secret-123" });
      assert.equal(scraped.status, 200);
      assert.match(scraped.text, /# TYPE graphql_operation_duration_seconds histogram/);
    } finally {
      await t.stop();
    }
  });

  test("production: /metrics is off (404) unless METRICS_ENABLED=true", async () => {
    const off = await startTestPlatform({ NODE_ENV: "production", JOB_WORKERS: "0", BOOTSTRAP_SECRET: "b".repeat(32) });
    try {
      assert.equal((await off.http.get("/metrics")).status, 404);
    } finally {
      await off.stop();
    }
    const on = await startTestPlatform({ NODE_ENV: "production", METRICS_ENABLED: "true", JOB_WORKERS: "0", BOOTSTRAP_SECRET: "b".repeat(32) });
    try {
      assert.equal((await on.http.get("/metrics")).status, 200);
    } finally {
      await on.stop();
    }
  });
});
