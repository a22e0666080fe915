// @tier process
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD } from "../../testing/accounts.js";
import { approvedIntegration, type Integration } from "../../testing/oauth.js";
import type { People } from "../../testing/people.js";
import { startWithPeople } from "../../testing/people.js";
import { freePort, startProcess, type Child } from "../../testing/processes.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;
let client: Integration;
let callbackPort: number;

before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "identity"]));
  callbackPort = await freePort();
  client = await approvedIntegration(t.http, p, "openid profile:read design:meta:read", [`http://127.0.0.1:${callbackPort}/callback`]);
});
after(() => t?.stop());

interface TokenRun {
  child: Child;
  stdout(): string;
  /** The consent URL the command printed (it waits for the browser's return). */
  consentUrl: URL;
  exited: Promise<number | null>;
}

/** `npm run token -- --no-browser …` against the test platform, once it has printed the URL to open. */
async function startTokenCommand(args: string[] = []): Promise<TokenRun> {
  const child = startProcess(["scripts/token.ts", "--no-browser", "--scopes", "profile:read design:meta:read", ...args], {
    PLATFORM_URL: t.http.baseUrl,
    TOKEN_CALLBACK_PORT: String(callbackPort),
    INTEGRATION_CLIENT_ID: client.clientId,
    INTEGRATION_CLIENT_SECRET: client.clientSecret,
  });
  let stdout = "";
  child.process.stdout!.on("data", (chunk) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.process.once("exit", resolve));
  for (let waited = 0; !/Waiting for it to come back/.test(child.output()); waited += 50) {
    if (child.process.exitCode !== null || waited > 30_000) throw new Error(`the command printed no URL:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const consentUrl = new URL(/\s(http:\/\/\S+\/oauth\/authorize\?\S+)/.exec(child.output())![1]);
  return { child, stdout: () => stdout, consentUrl, exited };
}

/** The user's answer on the consent page, as the browser posts it: where the platform sends the browser back. */
async function consent(consentUrl: URL, decision: "approve" | "deny"): Promise<string> {
  const form = new URLSearchParams({ ...Object.fromEntries(consentUrl.searchParams), email: p.client.email, password: PASSWORD, decision });
  const answer = await fetch(`${t.http.baseUrl}/oauth/authorize`, { method: "POST", body: form, redirect: "manual" });
  assert.equal(answer.status, 302, await answer.text());
  return answer.headers.get("location")!;
}

describe("npm run token", () => {
  test("prints the consent URL (PKCE, state, the loopback redirect), catches the code there and prints a token that works", async () => {
    const run = await startTokenCommand();
    try {
      const query = run.consentUrl.searchParams;
      assert.equal(query.get("client_id"), client.clientId);
      assert.equal(query.get("redirect_uri"), `http://127.0.0.1:${callbackPort}/callback`);
      assert.equal(query.get("code_challenge_method"), "S256");
      assert.match(query.get("state") ?? "", /^[\w-]{43}$/);

      const back = await consent(run.consentUrl, "approve");
      assert.ok(back.startsWith(`http://127.0.0.1:${callbackPort}/callback?`), back);
      const landing = await fetch(back);
      assert.equal(landing.status, 200);
      assert.match(await landing.text(), /The token is in your terminal/);
      assert.equal(await run.exited, 0, run.child.output());

      const printed = run.stdout().trim();
      assert.match(printed, /^[\w-]+\.[\w-]+\.[\w-]+$/, `stdout holds the token alone: ${printed}`);
      const me = await t.http.get("/v1/users/me", { token: printed });
      assert.equal(me.status, 200, me.text);
      assert.equal(me.body.team_user.user_id, `U${p.client.userId}`);
      assert.match(run.child.output(), new RegExp(`Token of user U${p.client.userId} \\(team [^)]+\\) with "profile:read design:meta:read"`));
    } finally {
      await run.child.stop();
    }
  });

  test("a return with another state is refused and waited past; the sign-in's own return still completes it (--json: the whole answer)", async () => {
    const run = await startTokenCommand(["--json"]);
    try {
      const back = new URL(await consent(run.consentUrl, "approve"));
      const forged = new URL(back);
      forged.searchParams.set("state", "someone-elses-state");
      const refused = await fetch(forged);
      assert.equal(refused.status, 400);
      assert.match(await refused.text(), /does not belong to the sign-in/);
      assert.equal(run.child.process.exitCode, null, "still waiting");
      assert.equal((await fetch(back)).status, 200);
      assert.equal(await run.exited, 0, run.child.output());
      const tokens = JSON.parse(run.stdout());
      assert.equal(tokens.token_type, "Bearer");
      assert.equal(tokens.scope, "profile:read design:meta:read");
      assert.equal((await t.http.get("/v1/users/me", { token: tokens.access_token })).status, 200);
    } finally {
      await run.child.stop();
    }
  });

  test("Deny: the browser is told, the command prints no token and exits 1", async () => {
    const run = await startTokenCommand();
    try {
      const back = await consent(run.consentUrl, "deny");
      const landing = await fetch(back);
      assert.equal(landing.status, 400);
      assert.match(await landing.text(), /Access denied/);
      assert.equal(await run.exited, 1);
      assert.equal(run.stdout(), "");
      assert.match(run.child.output(), /The user denied access/);
    } finally {
      await run.child.stop();
    }
  });

  test("no client (no seed, no INTEGRATION_CLIENT_ID): exit 1 with what to do", async () => {
    const child = startProcess(["scripts/token.ts", "--no-browser"], { PLATFORM_URL: t.http.baseUrl, DATA_DIR: "/nonexistent-data-dir" });
    const code = await new Promise((resolve) => child.process.once("exit", resolve));
    assert.equal(code, 1);
    assert.match(child.output(), /no OAuth client: run `npm run seed` first .*or set INTEGRATION_CLIENT_ID and INTEGRATION_CLIENT_SECRET/);
  });
});
