// @tier contract
import assert from "node:assert/strict";
import type { Server } from "node:http";
import { after, before, describe, test } from "node:test";
import { PASSWORD } from "../../../testing/accounts.js";
import { approvedIntegration, reviewIntegration, type Integration } from "../../../testing/oauth.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { freePort } from "../../../testing/processes.js";
import { startIntegration } from "../server.js";

let t: TestPlatform;
let p: People;
let client: Integration;
let server: Server;
let origin: string;
/** The grant types the app sent to the token endpoint, in order. */
const grants: string[] = [];
const realFetch = globalThis.fetch;

before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "identity"]));
  const port = await freePort();
  const redirectUri = `http://localhost:${port}/callback`;
  client = await approvedIntegration(t.http, p, "openid profile:read", [redirectUri]);
  // Every access token counts as expiring: each call the app makes refreshes it first.
  ({ server, url: origin } = await startIntegration({ platformUrl: t.http.baseUrl, clientId: client.clientId, clientSecret: client.clientSecret }, port, redirectUri, {
    scope: "profile:read",
    refreshBeforeMs: 24 * 60 * 60 * 1000,
  }));
  globalThis.fetch = (input, init) => {
    if (String(input).endsWith("/v1/oauth/token")) grants.push(new URLSearchParams(String(init?.body)).get("grant_type")!);
    return realFetch(input, init);
  };
});
after(async () => {
  globalThis.fetch = realFetch;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.stop();
});

/** Signs in as the cast's client through the consent page, as a browser does; answers the app's session cookie. */
async function signIn(): Promise<string> {
  const started = await realFetch(`${origin}/login`, { redirect: "manual" });
  const cookie = started.headers.get("set-cookie")!.split(";")[0];
  const consentUrl = new URL(started.headers.get("location")!);
  const form = new URLSearchParams({ ...Object.fromEntries(consentUrl.searchParams), email: p.client.email, password: PASSWORD, decision: "approve" });
  const consent = await realFetch(`${t.http.baseUrl}/oauth/authorize`, { method: "POST", body: form, redirect: "manual" });
  const back = await realFetch(consent.headers.get("location")!, { headers: { cookie }, redirect: "manual" });
  assert.equal(back.status, 302);
  assert.equal(back.headers.get("location"), "/");
  return cookie;
}

const me = async (cookie: string) => {
  const answer = await realFetch(`${origin}/api/me`, { headers: { cookie } });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe("the example integration's session", () => {
  test("an expiring access token is refreshed before a call, once for calls at once; a refresh refused (the integration rejected) signs the user out", async () => {
    const cookie = await signIn();
    const first = await me(cookie);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual([first.body.signed_in, first.body.name], [true, "Cleo Client"]);
    assert.deepEqual(grants, ["authorization_code", "refresh_token"]);

    // Sent again, a rotated refresh token would revoke the grant: calls at once share one refresh, and the grant lives on.
    const together = await Promise.all(Array.from({ length: 5 }, () => me(cookie)));
    assert.deepEqual(together.map((answer) => answer.status), [200, 200, 200, 200, 200]);
    assert.equal((await me(cookie)).status, 200);

    const rejected = await reviewIntegration(t.http, p.admin, client, "reject");
    assert.equal(rejected.body.data?.reviewIntegration?.status, "rejected", JSON.stringify(rejected.body));
    const refused = await me(cookie);
    assert.equal(refused.status, 401);
    assert.match(String(refused.body.error), /^Sign in again: /);
    assert.deepEqual((await me(cookie)).body, { signed_in: false });
  });
});
