// @tier process
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { killHard, startPlatformProcess, type Child } from "../../testing/processes.js";
import { registerPeople } from "../../testing/people.js";
import { base64Name, designToken, png, postUpload } from "../../testing/assets.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { PASSWORD } from "../../testing/accounts.js";
import { sleep } from "../../testing/steady-load.js";

let database: TestDatabase;
let platform: Child;
let client: HttpClient;

before(async () => {
  database = await createTestDatabase();
  const env: Record<string, string> = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    JOB_WORKERS: "0",
    SHUTDOWN_GRACE_MS: "5000",
    RATE_LIMIT_KEY_PREFIX: `test-${randomBytes(6).toString("hex")}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  const started = await startPlatformProcess(env);
  platform = started.child;
  client = new HttpClient(started.baseUrl);
});
after(async () => {
  await killHard(platform);
  await database.drop();
});

/** Sends a login whose body arrives in two halves; resolves with the answer's status and body. */
function slowLogin(email: string): { sendRest(): void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ email, password: PASSWORD });
  const request = http.request(`${client.baseUrl}/api/auth/login-email-password`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 10));
  return { sendRest: () => request.end(body.slice(10)), answer };
}

describe("SIGTERM", () => {
  test("a request in flight finishes, new requests get 503, subscriptions close with 1012, the process exits 0 within the grace", async () => {
    const people = await registerPeople(client);
    const token = await designToken(client, people, people.client);
    const created = await postUpload(client, token, await png(20, 20), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Restart") }) });
    const followed = follow(wsClient(client.baseUrl, token), `subscription($id: ID!) { assetUploadJob(id: $id) { status } }`, { id: created.body.job.id });
    await followed.received(1);
    const inFlight = slowLogin(people.client.email);
    await sleep(200);

    const exited = new Promise<number | null>((resolve) => platform.process.once("exit", (code) => resolve(code)));
    const signalled = Date.now();
    platform.process.kill("SIGTERM");
    await sleep(300);
    const refused = await client.get("/api/auth/profile", { token: people.client.token });
    assert.equal(refused.status, 503, refused.text);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.equal(typeof refused.body.error, "string");
    inFlight.sendRest();
    const answered = await inFlight.answer;
    assert.equal(answered.status, 200, `the request in flight finished: ${answered.body}`);
    assert.ok(JSON.parse(answered.body).token);

    const ended = await followed.ended;
    assert.equal((ended.error as { code?: number })?.code, 1012, `the socket closed with 1012: ${JSON.stringify(ended)}`);
    assert.equal(await exited, 0);
    assert.ok(Date.now() - signalled < 15_000, "stopped within the grace (5 s) and its bound");
  });
});
