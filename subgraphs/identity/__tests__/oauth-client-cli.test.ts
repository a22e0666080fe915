// @tier process
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";
import { allDomains, operatorToolEnv } from "../../../testing/platform.js";
import { TYPESCRIPT_LOADER } from "../../../lib/process/typescript-loader.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { authorizeQuery, basic, oauthPost, pkce, registerIntegration } from "../../../testing/oauth.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ WEBHOOK_ALLOW_PRIVATE: "true" }, await allDomains())));
after(() => t.stop());

const run = promisify(execFile);

async function cli(args: string[]) {
  const env = operatorToolEnv(t);
  return run(process.execPath, [...TYPESCRIPT_LOADER, "scripts/oauth-client.ts", ...args], { env }).then(
    (result) => ({ code: 0, stdout: result.stdout, stderr: result.stderr }),
    (error) => ({ code: error.code as number, stdout: String(error.stdout), stderr: String(error.stderr) }),
  );
}

describe("npm run oauth:client", () => {
  test("registers an integration on the running platform and prints its credentials as JSON", async () => {
    const result = await cli(["--name", "CLI app", "--redirect-uri", "https://cli.example.com/cb", "--scopes", "openid profile:read", "--owner-email", p.staff.email]);
    assert.equal(result.code, 0, result.stderr);
    const printed = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(printed).sort(), ["client_id", "client_secret"]);
    const stored = await t.platform.runtime.db.prisma.oAuthClient.findUniqueOrThrow({ where: { id: printed.client_id } });
    assert.deepEqual(
      [stored.name, stored.ownerId, stored.scopes, stored.redirectUris, stored.status],
      ["CLI app", p.staff.userId, ["openid", "profile:read"], ["https://cli.example.com/cb"], "approved"],
      "the operator's integrations need no review",
    );
    assert.notEqual(stored.secretHash, printed.client_secret, "only a hash is kept");
    const works = await oauthPost(t.http, "/v1/oauth/introspect", { token: "anything" }, { authorization: basic({ clientId: printed.client_id, clientSecret: printed.client_secret }) });
    assert.deepEqual([works.status, works.body], [200, { active: false }]);
  });

  test("--webhook-url sets the integration's notifications up as Canva's portal does: every type of the specification", async () => {
    const result = await cli(["--name", "Hooked", "--redirect-uri", "https://hooked.example.com/cb", "--scopes", "collaboration:event design:meta:read comment:read", "--webhook-url", "http://127.0.0.1:9/canva"]);
    assert.equal(result.code, 0, result.stderr);
    const printed = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(printed).sort(), ["client_id", "client_secret", "webhook_url"]);
    const endpoint = await t.platform.runtime.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { clientId: printed.client_id } });
    assert.deepEqual([endpoint.url, endpoint.events], ["http://127.0.0.1:9/canva", ["comment", "design_mention", "suggestion"]]);

    const refused = await cli(["--name", "Badly hooked", "--redirect-uri", "https://bad.example.com/cb", "--webhook-url", "ftp://127.0.0.1/canva"]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /registered, but the webhook was refused/);
    assert.deepEqual(Object.keys(JSON.parse(refused.stdout)).sort(), ["client_id", "client_secret"], "the secret, shown once, is not lost");
  });

  test("--awaiting-review lists users' integrations; --approve makes one usable; an unknown one is a clear error", async () => {
    const client = await registerIntegration(t.http, p.client, "openid");
    const page = async () => (await fetch(`${t.http.baseUrl}/oauth/authorize?${authorizeQuery(client, "openid", pkce().challenge)}`, { redirect: "manual" })).status;
    assert.equal(await page(), 400);
    const listed = await cli(["--awaiting-review"]);
    assert.equal(listed.code, 0, listed.stderr);
    const waiting = listed.stdout.trim().split("\n").map((line) => JSON.parse(line));
    assert.ok(waiting.some((i) => i.clientId === client.clientId && i.status === "unreviewed" && i.ownerId === p.client.userId));
    const approved = await cli(["--approve", client.clientId]);
    assert.deepEqual([approved.code, JSON.parse(approved.stdout)], [0, { client_id: client.clientId, status: "approved" }]);
    assert.equal(await page(), 200);
    const unknown = await cli(["--reject", "OC-nobody"]);
    assert.deepEqual([unknown.code, unknown.stderr.trim()], [1, "Integration not found"]);
  });

  test("clear errors: unknown owner, bad redirect URI, missing arguments", async () => {
    const before = await t.platform.runtime.db.prisma.oAuthClient.count();
    const unknown = await cli(["--name", "x", "--redirect-uri", "https://x.example.com/cb", "--owner-email", "nobody@example.com"]);
    assert.deepEqual([unknown.code, unknown.stderr.trim()], [1, "no user has the email nobody@example.com"]);
    const badUri = await cli(["--name", "x", "--redirect-uri", "http://x.example.com/cb"]);
    assert.equal(badUri.code, 1);
    assert.match(badUri.stderr, /https/);
    assert.equal((await cli(["--name", "x"])).code, 2);
    assert.equal((await cli(["--approve", "OC-a", "--reject", "OC-a"])).code, 2);
    assert.equal(await t.platform.runtime.db.prisma.oAuthClient.count(), before);
  });

  test("an operator token opens nothing that belongs to users", async () => {
    const operator = await t.platform.runtime.tokens.issueOperatorToken();
    for (const path of ["/api/auth/profile", "/api/work/projects", "/api/payment/invoices", "/api/work/workorders", "/api/auth/admin/users"]) {
      const response = await t.http.get(path, { token: operator });
      assert.deepEqual([response.status, response.body], [401, { error: "Operator tokens open only the operator's tools" }], path);
    }
    const request = await t.http.post("/api/work/project-requests", { name: "n", description: "d" }, { token: operator });
    assert.equal(request.status, 401);
  });
});
