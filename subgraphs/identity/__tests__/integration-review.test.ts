// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../../testing/accounts.js";
import { startWithPeople, type People, type Person } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import {
  REDIRECT_URI, approve, approvedIntegration, authorizeQuery, basic, oauthPost, obtainTokens, pkce, registerIntegration, reviewIntegration,
  sendRegistration, type Integration,
} from "../../../testing/oauth.js";
import { redirectUris } from "../domain/oauth/redirect-uris.js";

let t: TestPlatform;
let p: People;
// A user's budget across integrations is one integration's documented limit here, so two integrations show it.
before(async () => ({ t, p } = await startWithPeople({ RATE_LIMIT_USER_MULTIPLIER: "1" }, ["accounts", "identity"])));
after(() => t.stop());

/** What a browser sent to `/oauth/authorize` gets: status, redirect target (if any), page. */
async function authorizePage(client: Integration, extra: Record<string, string> = {}) {
  const response = await fetch(`${t.http.baseUrl}/oauth/authorize?${authorizeQuery(client, "openid", pkce().challenge, extra)}`, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), type: response.headers.get("content-type"), text: await response.text() };
}

/** The page never sends the browser anywhere: 400, HTML, no `Location`, and it says why. */
function assertErrorPage(page: { status: number; location: string | null; type?: string | null; text: string }, why: RegExp, label = "") {
  assert.equal(page.status, 400, `${label} ${page.text}`);
  assert.equal(page.location, null, label);
  if (page.type !== undefined) assert.match(page.type!, /text\/html/, label);
  assert.match(page.text, /Authorization failed/, label);
  assert.match(page.text, why, label);
}

const statusOf = async (client: Integration) => (await t.platform.runtime.db.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.clientId } })).status;

describe("integrations registered by users wait for review", () => {
  test("a new integration is unreviewed: its authorize page is an error page, never a redirect, for everyone including its owner", async () => {
    const registered = await sendRegistration(t.http, p.client, "openid profile:read");
    assert.equal(registered.body.data.registerIntegration.integration.status, "unreviewed");
    const client = registered.body.data.registerIntegration as Integration;
    assertErrorPage(await authorizePage(client), /waiting for review/);
    const query = authorizeQuery(client, "openid", pkce().challenge);
    for (const [person, decision] of [[p.otherClient, "deny"], [p.otherClient, "approve"], [p.client, "approve"]] as [Person, string][]) {
      assertErrorPage(await approve(t.http, person, query, decision), /waiting for review/, decision);
    }
    const token = await oauthPost(t.http, "/v1/oauth/token", { grant_type: "refresh_token", refresh_token: "x" }, { authorization: basic(client) });
    assert.deepEqual([token.status, token.body.code], [400, "unauthorized_client"]);
  });

  test("only an ADMIN (or SUPERUSER, or the operator's tools) reviews: not the owner, not STAFF, not anonymous callers", async () => {
    const client = await registerIntegration(t.http, p.client, "openid");
    for (const [who, code] of [[p.client, "FORBIDDEN"], [p.staff, "FORBIDDEN"], [{ token: "" } as Person, "UNAUTHENTICATED"]] as const) {
      const refused = await reviewIntegration(t.http, who, client);
      assert.equal(refused.body.errors?.[0].extensions.code, code);
    }
    assert.equal(await statusOf(client), "unreviewed");
    assertErrorPage(await authorizePage(client), /waiting for review/);
    const waiting = await t.http.graphql(`{ integrationsAwaitingReview { clientId ownerId status } }`, {}, p.admin.token);
    assert.ok(waiting.body.data.integrationsAwaitingReview.some((i: { clientId: string; ownerId: number }) => i.clientId === client.clientId && i.ownerId === p.client.userId));
    const hidden = await t.http.graphql(`{ integrationsAwaitingReview { clientId } }`, {}, p.client.token);
    assert.equal(hidden.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("approved by an ADMIN, the flow works; rejected, its tokens stop working and the page is an error again", async () => {
    const client = await registerIntegration(t.http, p.client, "openid profile:read");
    const approved = await reviewIntegration(t.http, p.admin, client);
    assert.deepEqual(approved.body.data.reviewIntegration, { clientId: client.clientId, status: "approved" });
    assert.equal((await authorizePage(client)).status, 200);
    const tokens = await obtainTokens(t.http, client, p.otherClient, "profile:read");
    assert.equal((await t.http.get("/v1/users/me", { token: tokens.access_token })).status, 200);

    const rejected = await reviewIntegration(t.http, p.superuser, client, "reject");
    assert.equal(rejected.body.data.reviewIntegration.status, "rejected");
    assert.equal((await t.http.get("/v1/users/me", { token: tokens.access_token })).body.code, "revoked_access_token");
    const refreshed = await oauthPost(t.http, "/v1/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { authorization: basic(client) });
    assert.deepEqual([refreshed.status, refreshed.body.code], [400, "unauthorized_client"]);
    assertErrorPage(await authorizePage(client), /rejected/);

    const unknown = await reviewIntegration(t.http, p.admin, { clientId: "OC-nobody", clientSecret: "" });
    assert.deepEqual([unknown.body.errors?.[0].extensions.code, unknown.body.errors?.[0].message], ["NOT_FOUND", "Integration not found"]);
  });

  test("a redirect_uri not registered exactly: an error page, never a redirect", async () => {
    const client = await approvedIntegration(t.http, p, "openid");
    for (const uri of [
      `${REDIRECT_URI}/`, `${REDIRECT_URI}?next=https://evil.example.com`, `${REDIRECT_URI}#x`, REDIRECT_URI.toUpperCase(),
      REDIRECT_URI.replace("https:", "http:"), "https://evil.example.com/callback", "https://integration.example.com.evil.example/callback",
    ]) {
      assertErrorPage(await authorizePage(client, { redirect_uri: uri }), /redirect URI is not registered/, uri);
      assertErrorPage(await approve(t.http, p.client, authorizeQuery(client, "openid", pkce().challenge, { redirect_uri: uri }), "deny"), /not registered/, uri);
    }
    assertErrorPage(await authorizePage(client, { client_id: "OC-unknown" }), /Unknown client/);
  });
});

describe("registration", () => {
  test("redirect URIs must be absolute https URIs without fragment, credentials or wildcard (plain http on loopback in development)", async () => {
    for (const uri of [
      "/callback", "integration.example.com/cb", "https://*.example.com/cb", "https://app.example.com/*", "https://app.example.com/cb#done",
      "http://app.example.com/cb", "ftp://app.example.com/cb", "javascript:alert(1)", "https://user:pw@app.example.com/cb",
    ]) {
      const response = await sendRegistration(t.http, p.otherClient, "openid", [uri]);
      const error = response.body.errors?.[0];
      assert.deepEqual([error?.extensions.code, error?.extensions.field], ["BAD_USER_INPUT", "redirectUris"], uri);
      assert.ok(error?.message.includes(uri), error?.message);
    }
    const local = await sendRegistration(t.http, p.otherClient, "openid", ["http://localhost:3000/cb", "http://127.0.0.1:8080/cb"]);
    assert.ok(local.body.data?.registerIntegration.clientId, JSON.stringify(local.body.errors));
    assert.throws(() => redirectUris(["http://localhost:3000/cb"], { loopbackHttp: false }), /https is required/, "not in production");
  });

  test("one owner has at most INTEGRATIONS_PER_OWNER (10): 20 parallel registrations make exactly 10; the operator's tools are not capped", async () => {
    const owner: Person = await registerAndLogin(t.http, undefined, "Pat Parallel");
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendRegistration(t.http, owner, "openid")));
    const made = responses.filter((r) => r.body.data?.registerIntegration);
    const refused = responses.flatMap((r) => r.body.errors ?? []);
    assert.equal(made.length, 10);
    assert.deepEqual(new Set(refused.map((e) => e.extensions.code)), new Set(["CONFLICT"]));
    assert.equal(refused.length, 10);
    assert.equal(refused[0].message, "You already have 10 integrations, the most one owner may register");
    assert.equal(await t.platform.runtime.db.prisma.oAuthClient.count({ where: { ownerId: owner.userId } }), 10);
    assert.equal((await sendRegistration(t.http, owner, "openid")).body.errors?.[0].extensions.code, "CONFLICT");

    const operator = await t.platform.runtime.tokens.issueOperatorToken();
    const byOperator = await t.http.graphql(
      `mutation($owner: Int) { registerIntegration(name: "Partner", redirectUris: ["https://partner.example.com/cb"], scopes: "openid", ownerId: $owner) { integration { status ownerId } } }`,
      { owner: owner.userId },
      operator,
    );
    assert.deepEqual(byOperator.body.data?.registerIntegration.integration, { status: "approved", ownerId: owner.userId });
  });
});

describe("rate limits per user across integrations", () => {
  test("two integrations share one user's budget (RATE_LIMIT_USER_MULTIPLIER): 429 too_many_requests with Retry-After", async () => {
    const first = await approvedIntegration(t.http, p, "openid profile:read");
    const second = await approvedIntegration(t.http, p, "openid profile:read");
    const user: Person = await registerAndLogin(t.http, undefined, "Rae Rate");
    const viaFirst = (await obtainTokens(t.http, first, user, "profile:read")).access_token;
    const viaSecond = (await obtainTokens(t.http, second, user, "profile:read")).access_token;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.http.get("/v1/users/me", { token: viaFirst })).status);
    for (let i = 0; i < 5; i++) statuses.push((await t.http.get("/v1/users/me", { token: viaSecond })).status);
    assert.deepEqual(statuses, [...Array(10).fill(200), 429], "the user's 10 a minute are spent across both integrations");
    const refused = await t.http.get("/v1/users/me", { token: viaFirst });
    assert.deepEqual([refused.status, refused.body], [429, { code: "too_many_requests", message: "Too many requests to getUsersMe" }]);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    const someoneElse = (await obtainTokens(t.http, second, p.client, "profile:read")).access_token;
    assert.equal((await t.http.get("/v1/users/me", { token: someoneElse })).status, 200, "other users keep their own budget");
  });
});
