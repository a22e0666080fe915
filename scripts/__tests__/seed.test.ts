// @tier process
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { platformProcessEnv, runProcess, startPlatformProcess, type Child } from "../../testing/processes.js";
import { DemoHttp } from "../seed/demo-http.js";
import { DEMO_INTEGRATION, DEMO_PASSWORD } from "../seed/demo-data.js";

let database: TestDatabase;
let platform: Child;
let http: HttpClient;
let env: Record<string, string>;

before(async () => {
  database = await createTestDatabase();
  env = platformProcessEnv(database, { LOG_FORMAT: "pretty" });
  const started = await startPlatformProcess(env);
  platform = started.child;
  http = new HttpClient(started.baseUrl);
});
after(async () => {
  await platform?.stop();
  await database?.drop();
});

/** What one person can see of the demo data, counted. */
async function counts(staffToken: string, clientToken: string) {
  const projects = (await http.get("/api/work/projects", { token: staffToken })).body;
  const tasks = (await http.get(`/api/work/tasks?project_id=${projects[0].id}`, { token: staffToken })).body;
  const invoices = (await http.get("/api/payment/invoices", { token: clientToken })).body;
  const questions = (await http.get("/api/forum/questions?tag=demo")).body;
  return { projects: projects.length, tasks: tasks.length, invoices: invoices.length, questions: questions.length };
}

async function login(email: string): Promise<string> {
  const answer = await http.post("/api/auth/login-email-password", { email, password: DEMO_PASSWORD });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.token;
}

describe("npm run seed against a running platform", () => {
  test("the start banner names every URL", () => {
    const output = platform.output();
    assert.match(output, /platform ready/);
    for (const path of ["/graphql", "/healthz", "/readyz", "/docs", "/console", "/api/auth/", "/api/work/", "/api/payment/", "/api/blog/", "/api/forum/", "/v1/", "/rest/v1/"]) {
      assert.ok(output.includes(`http://127.0.0.1:${env.PORT}${path}`), `banner lacks ${path}:\n${output}`);
    }
    assert.ok(output.includes(`http://127.0.0.1:${env.WORK_PORT}/`), "banner lacks the work service's own port");
  });

  test("adds the demo data once; a second run adds nothing; the printed credentials work", async () => {
    const first = await runProcess("scripts/seed.ts", env);
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /demo data: 16 pieces added, 0 already there/);
    const staff = await login("demo-staff@example.com");
    const client = await login("demo-client@example.com");
    const profile = (await http.get("/api/auth/profile", { token: await login("demo-admin@example.com") })).body;
    assert.ok(profile.roles.includes("ADMIN"), JSON.stringify(profile));
    const afterFirst = await counts(staff, client);
    assert.deepEqual(afterFirst, { projects: 1, tasks: 3, invoices: 1, questions: 1 });

    const second = await runProcess("scripts/seed.ts", env);
    assert.equal(second.code, 0, second.output);
    assert.match(second.output, /demo data: 0 pieces added, 16 already there \(nothing added\)/);
    assert.deepEqual(await counts(staff, client), afterFirst);

    const credentials = JSON.parse(second.output.split("\n").find((line) => line.startsWith('{"client_id"'))!);
    assert.deepEqual(credentials, JSON.parse(first.output.split("\n").find((line) => line.startsWith('{"client_id"'))!));
    const demo = new DemoHttp(http.baseUrl);
    const token = await demo.designToken(
      { clientId: credentials.client_id, clientSecret: credentials.client_secret, redirectUri: credentials.redirect_uri },
      { email: "demo-client@example.com", password: DEMO_PASSWORD },
      DEMO_INTEGRATION.scopes,
    );
    const designs = await http.get("/v1/designs?ownership=owned", { token });
    assert.equal(designs.status, 200, JSON.stringify(designs.body));
    assert.deepEqual(designs.body.items.map((design: { title: string }) => design.title), ["Demo poster"]);
    const published = await http.get("/api/blog/blogs/demo-welcome");
    assert.equal(published.status, 200);
  });

  test("the demo client of an older seed (redirecting only to localhost:3000) is replaced by one the example integration and npm run token can both use", async () => {
    const older = await runProcess(["scripts/oauth-client.ts", "--name", "Demo integration", "--redirect-uri", "http://localhost:3000/callback", "--scopes", DEMO_INTEGRATION.scopes], env);
    assert.equal(older.code, 0, older.output);
    const { client_id, client_secret } = JSON.parse(older.output.trim().split("\n").at(-1)!);
    const ledger = path.join(database.dataDir, "demo-seed.json");
    const kept = JSON.parse(await readFile(ledger, "utf8"));
    await writeFile(ledger, JSON.stringify({ ...kept, integration: { clientId: client_id, clientSecret: client_secret, redirectUri: "http://localhost:3000/callback" } }));
    /** Whether the consent page takes this redirect URI for the client (a URI not registered is an error page, 400). */
    const consentPage = async (clientId: string, redirectUri: string) =>
      (await http.get(`/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "profile:read", state: "s", code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`)).status;
    assert.equal(await consentPage(client_id, "http://127.0.0.1:8976/callback"), 400);

    const again = await runProcess("scripts/seed.ts", env);
    assert.equal(again.code, 0, again.output);
    assert.match(again.output, /demo data: 1 pieces added, 15 already there/);
    const replaced = JSON.parse(await readFile(ledger, "utf8")).integration;
    assert.notEqual(replaced.clientId, client_id);
    assert.ok(again.output.includes(`"client_id":"${replaced.clientId}"`), again.output);
    assert.equal(await consentPage(replaced.clientId, "http://localhost:3000/callback"), 200);
    assert.equal(await consentPage(replaced.clientId, "http://127.0.0.1:8976/callback"), 200);
  });
});
