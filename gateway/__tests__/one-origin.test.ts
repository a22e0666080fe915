// @tier process
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { askAdvertisedUrls } from "../../testing/origin.js";
import { freeDirectPorts, freePort, platformProcessEnv, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";

let database: TestDatabase;
let platform: Child;
let origin: string;
let env: Record<string, string>;

before(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = platformProcessEnv(database, { PORT: String(port), PUBLIC_URL: origin, ...(await freeDirectPorts()) });
  platform = startProcess("scripts/start-embedded.ts", env);
  await waitUntilHealthy(`${origin}/healthz`, platform);
});
after(async () => {
  await platform?.stop();
  await database?.drop();
});

describe("one process: PUBLIC_URL is the one origin", () => {
  test("every URL the platform advertises answers on it: discovery and its endpoints, consent, console and editor sign-in, docs, OpenAPI servers, REST prefixes, webhook keys", async () => {
    const directPorts = { auth: `http://127.0.0.1:${env.AUTH_PORT}`, work: `http://127.0.0.1:${env.WORK_PORT}`, forum: `http://127.0.0.1:${env.FORUM_PORT}` };
    const { answered, problems } = await askAdvertisedUrls(origin, directPorts);
    assert.deepEqual(problems, []);
    assert.ok(answered.length > 25, `only ${answered.length} URLs asked`);
  });
});
