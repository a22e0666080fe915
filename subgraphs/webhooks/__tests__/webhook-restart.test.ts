// @tier process
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { designToken } from "../../../testing/assets.js";
import { COMMENT_SCOPES } from "../../../testing/comments.js";
import { createTestDatabase, type TestDatabase } from "../../../testing/database.js";
import { DESIGN_SCOPES } from "../../../testing/designs.js";
import { HttpClient } from "../../../testing/http.js";
import { approvedIntegration } from "../../../testing/oauth.js";
import { registerPeople } from "../../../testing/people.js";
import { killHard, startPlatformProcess, type Child } from "../../../testing/processes.js";
import { deliveriesWhen, IntegrationBackend, NOTIFICATION_SCOPES, setWebhook, WebhookReceiver } from "../../../testing/webhooks.js";

const PUBLIC_URL = "http://platform.test";
const RETRY_BASE_MS = 6_000;
let database: TestDatabase;
let receiver: WebhookReceiver;
let platform: Child | undefined;
let env: Record<string, string>;

async function startPlatform(): Promise<HttpClient> {
  const started = await startPlatformProcess(env);
  platform = started.child;
  return new HttpClient(started.baseUrl);
}

before(async () => {
  receiver = await WebhookReceiver.start((_request, index) => (index === 0 ? 500 : 200));
  database = await createTestDatabase();
  env = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    PUBLIC_URL,
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    JOB_LEASE_MS: "1500",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
    RATE_LIMIT_KEY_PREFIX: `webhook-restart-${randomBytes(4).toString("hex")}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
});

after(async () => {
  if (platform) await killHard(platform);
  await receiver.close();
  await database.drop();
});

describe("a platform killed (kill -9) while a delivery waits for its retry", () => {
  test("loses nothing: after the restart the retry is made when due, with the same delivery id, and succeeds", async () => {
    let http = await startPlatform();
    const people = await registerPeople(http);
    const scopes = `${DESIGN_SCOPES} ${COMMENT_SCOPES} ${NOTIFICATION_SCOPES}`;
    const app = await approvedIntegration(http, people, scopes);
    const token = await designToken(http, people, people.client, scopes, app);
    const set = await setWebhook(http, people.staff, app.clientId, receiver.url, ["comment"]);
    assert.equal(set.body.errors, undefined, set.text);
    const design = await http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Survives" }, { token });
    const thread = await http.post(`/v1/designs/${design.body.design.id}/comments`, { message_plaintext: "hold on" }, { token });
    assert.equal(thread.status, 200, thread.text);

    await receiver.received(1);
    await deliveriesWhen(http, people.staff, app.clientId, (items) => items[0]?.attempts.length === 1 && items[0].nextAttemptAt !== null);
    await killHard(platform!);
    const killedAt = Date.now();

    http = await startPlatform();
    const [first, second] = await receiver.received(2, 60_000);
    assert.ok(second.at - first.at >= RETRY_BASE_MS / 2, `the retry waited its backoff across the restart (${second.at - first.at} ms)`);
    assert.ok(second.at > killedAt);
    const backend = new IntegrationBackend(http, PUBLIC_URL, app.clientId);
    const [before, afterRestart] = await Promise.all([first, second].map((request) => backend.verify(request.body)));
    assert.equal(afterRestart.notification.id, before.notification.id);
    assert.deepEqual(afterRestart.notification, before.notification, "the same notification, signed again");
    assert.equal(afterRestart.notification.content.comment_event.comment.id, thread.body.thread.id);
    const [delivered] = await deliveriesWhen(http, people.staff, app.clientId, (items) => items[0]?.status === "delivered");
    assert.deepEqual(delivered.attempts.map((attempt: any) => [attempt.number, attempt.httpStatus, attempt.outcome]), [[1, 500, "retry"], [2, 200, "delivered"]]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(receiver.requests.length, 2, "delivered once after the restart, by one worker");
  });
});
