// @tier contract
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { allDomains, operatorToolEnv } from "../../../testing/platform.js";
import { TYPESCRIPT_LOADER } from "../../../lib/process/typescript-loader.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import {
  REDIRECT_URI, approve, approvedIntegration, authorizeQuery, basic, oauthPost, obtainTokens, pkce, type Integration,
} from "../../../testing/oauth.js";

let t: TestPlatform;
let p: People;
let client: Integration;
const SCOPES = "openid profile email profile:read asset:read";
before(async () => {
  ({ t, p } = await startWithPeople({}, await allDomains()));
  client = await approvedIntegration(t.http, p, SCOPES);
});
after(() => t.stop());

const token = (form: Record<string, string>, auth: Integration = client) =>
  oauthPost(t.http, "/v1/oauth/token", form, { authorization: basic(auth) });

describe("authorization code + PKCE", () => {
  test("the consent page is ours, self-contained, and names the client and scopes", async () => {
    const { challenge } = pkce();
    const response = await t.http.get(`/oauth/authorize?${authorizeQuery(client, "openid profile", challenge)}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type")!, /text\/html/);
    assert.match(response.text, /Test integration/);
    assert.match(response.text, /<code>profile<\/code>/);
    assert.doesNotMatch(response.text, /<script|https?:\/\/(?!integration\.example\.com)/);
    assert.match(response.headers.get("content-security-policy")!, /default-src 'none'/);
  });

  test("approve → code → tokens: RS256 access token (4 h, sub, scope, client, jti), rotating refresh token, id token", async () => {
    const { verifier, challenge } = pkce();
    const redirect = await approve(t.http, p.client, authorizeQuery(client, SCOPES, challenge));
    assert.equal(redirect.status, 302);
    const location = new URL(redirect.location!);
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
    assert.equal(location.searchParams.get("state"), "xyz-state");
    const response = await token({ grant_type: "authorization_code", code: location.searchParams.get("code")!, code_verifier: verifier, redirect_uri: REDIRECT_URI });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.token_type, response.body.expires_in, response.body.scope], ["Bearer", 14400, SCOPES]);
    assert.ok(Buffer.byteLength(response.body.access_token) <= 4096);
    const jwks = createLocalJWKSet((await t.http.get("/v1/oidc/jwks")).body);
    const { payload, protectedHeader } = await jwtVerify(response.body.access_token, jwks);
    assert.equal(protectedHeader.alg, "RS256");
    assert.deepEqual([payload.sub, payload.scope, payload.client_id], [`U${p.client.userId}`, SCOPES, client.clientId]);
    assert.ok(payload.jti && payload.exp! - payload.iat! === 14400);
    const id = await jwtVerify(response.body.id_token, jwks, { audience: client.clientId });
    assert.deepEqual([id.payload.sub, id.payload.name, id.payload.email], [`U${p.client.userId}`, "Cleo Client", p.client.email]);
  });

  test("the token works on the users and userinfo endpoints, with the scopes it holds", async () => {
    const tokens = await obtainTokens(t.http, client, p.client, SCOPES);
    const auth = { token: tokens.access_token };
    const me = await t.http.get("/v1/users/me", auth);
    assert.equal(me.body.team_user.user_id, `U${p.client.userId}`);
    assert.match(me.body.team_user.team_id, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.deepEqual((await t.http.get("/rest/v1/users/me/profile", auth)).body, { profile: { display_name: "Cleo Client" } });
    assert.deepEqual((await t.http.get("/v1/users/me/capabilities", auth)).body, { capabilities: [] });
    const info = await t.http.get("/auth/v1/oidc/userinfo", auth);
    assert.deepEqual(info.body, { sub: `U${p.client.userId}`, name: "Cleo Client", given_name: "Cleo", family_name: "Client", email: p.client.email, email_verified: false }, "the email was never verified");
  });

  test("a token without a scope gets 403 missing_scope; none or a bad one 401 invalid_access_token", async () => {
    const narrow = await obtainTokens(t.http, client, p.client, "asset:read");
    const missing = await t.http.get("/v1/users/me/profile", { token: narrow.access_token });
    assert.deepEqual([missing.status, missing.body], [403, { code: "missing_scope", message: "Missing scopes: [profile:read]" }]);
    assert.equal((await t.http.get("/v1/users/me", { token: narrow.access_token })).status, 200);
    const none = await t.http.get("/v1/users/me");
    assert.deepEqual([none.status, none.body.code], [401, "invalid_access_token"]);
    const forged = await t.http.get("/v1/users/me", { token: narrow.access_token.slice(0, -4) + "AAAA" });
    assert.deepEqual([forged.status, forged.body.code], [401, "invalid_access_token"]);
    const business = await t.http.get("/v1/users/me", { token: p.client.token });
    assert.deepEqual([business.status, business.body.code], [401, "invalid_access_token"], "a business token opens no design operation");
    const graph = await t.http.graphql(`{ designProfileName }`, {}, narrow.access_token);
    assert.equal(graph.body.errors?.[0].extensions.reason, "MISSING_SCOPE");
    const work = await t.http.get("/api/work/projects", { token: narrow.access_token });
    assert.equal(work.status, 401, "a design token opens no business operation");
  });

  test("deny sends access_denied back to the client", async () => {
    const { challenge } = pkce();
    const redirect = await approve(t.http, p.client, authorizeQuery(client, "openid", challenge), "deny");
    const location = new URL(redirect.location!);
    assert.deepEqual([location.searchParams.get("error"), location.searchParams.get("state")], ["access_denied", "xyz-state"]);
    assert.equal(location.searchParams.get("code"), null);
  });

  test("a wrong password re-renders the page with 401, no code", async () => {
    const { challenge } = pkce();
    const query = authorizeQuery(client, "openid", challenge);
    const response = await fetch(`${t.http.baseUrl}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...Object.fromEntries(query), email: p.client.email, password: "Wr0ngPassword", decision: "approve" }),
      redirect: "manual",
    });
    assert.equal(response.status, 401);
    assert.match(await response.text(), /Invalid email or password/);
  });

  test("unknown client or unregistered redirect URI: an error page, never a redirect", async () => {
    const { challenge } = pkce();
    for (const extra of [{ client_id: "OC-unknown" }, { redirect_uri: "https://evil.example.com/cb" }] as Record<string, string>[]) {
      const response = await fetch(`${t.http.baseUrl}/oauth/authorize?${authorizeQuery(client, "openid", challenge, extra)}`, { redirect: "manual" });
      assert.equal(response.status, 400);
      assert.equal(response.headers.get("location"), null);
    }
  });

  test("PKCE is mandatory (S256 only); other request errors go back to the client", async () => {
    const { challenge } = pkce();
    for (const [extra, code] of [
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "design:content:write" }, "invalid_scope"],
    ] as const) {
      const response = await fetch(`${t.http.baseUrl}/oauth/authorize?${authorizeQuery(client, "openid", challenge, extra)}`, { redirect: "manual" });
      assert.equal(response.status, 302, JSON.stringify(extra));
      assert.equal(new URL(response.headers.get("location")!).searchParams.get("error"), code);
    }
  });
});

describe("token endpoint errors", () => {
  async function freshCode(scope = "openid profile") {
    const { verifier, challenge } = pkce();
    const redirect = await approve(t.http, p.client, authorizeQuery(client, scope, challenge));
    return { code: new URL(redirect.location!).searchParams.get("code")!, verifier };
  }

  test("wrong verifier, reused code, expired code, wrong redirect: invalid_grant", async () => {
    const wrongVerifier = await freshCode();
    const wrong = await token({ grant_type: "authorization_code", code: wrongVerifier.code, code_verifier: pkce().verifier });
    assert.deepEqual([wrong.status, wrong.body.code], [400, "invalid_grant"]);

    const reused = await freshCode();
    const first = await token({ grant_type: "authorization_code", code: reused.code, code_verifier: reused.verifier });
    assert.equal(first.status, 200);
    const second = await token({ grant_type: "authorization_code", code: reused.code, code_verifier: reused.verifier });
    assert.deepEqual([second.status, second.body.code], [400, "invalid_grant"]);
    const afterReplay = await t.http.get("/v1/users/me", { token: first.body.access_token });
    assert.equal(afterReplay.body.code, "revoked_access_token", "tokens from a replayed code are withdrawn");

    const expired = await freshCode();
    const issued = await t.platform.runtime.db.prisma.authorizationCode.findMany({ where: { usedAt: null } });
    assert.ok(issued.every((c) => c.expiresAt.getTime() - c.createdAt.getTime() <= 10 * 60 * 1000), "codes live at most ten minutes");
    await t.platform.runtime.db.prisma.authorizationCode.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await token({ grant_type: "authorization_code", code: expired.code, code_verifier: expired.verifier });
    assert.deepEqual([late.status, late.body.code], [400, "invalid_grant"]);

    const redirected = await freshCode();
    const other = await token({ grant_type: "authorization_code", code: redirected.code, code_verifier: redirected.verifier, redirect_uri: "https://integration.example.com/other" });
    assert.deepEqual([other.status, other.body.code], [400, "invalid_grant"]);
  });

  test("wrong client secret: 401 invalid_client; client auth by body works too", async () => {
    const { code, verifier } = await freshCode();
    const wrong = await token({ grant_type: "authorization_code", code, code_verifier: verifier }, { ...client, clientSecret: "nope" });
    assert.deepEqual([wrong.status, wrong.body.code], [401, "invalid_client"]);
    const byBody = await oauthPost(t.http, "/v1/oauth/token", {
      grant_type: "authorization_code", code, code_verifier: verifier, client_id: client.clientId, client_secret: client.clientSecret,
    });
    assert.equal(byBody.status, 200, byBody.text);
  });

  test("a code for another client is invalid_grant; unknown grant types are refused", async () => {
    const other = await approvedIntegration(t.http, p, "openid");
    const { code, verifier } = await freshCode();
    assert.equal((await token({ grant_type: "authorization_code", code, code_verifier: verifier }, other)).body.code, "invalid_grant");
    assert.equal((await token({ grant_type: "password" })).body.code, "unsupported_grant_type");
    assert.equal((await token({})).body.code, "invalid_request");
  });

  test("the OAuth endpoints refuse browsers (no CORS), however the path is spelled", async () => {
    for (const path of ["/v1/oauth/token", "/v1/oauth/token/", "/v1/OAUTH/token", "/rest/v1/oauth/Token", "/auth/v1/oauth/introspect/", "/v1/oauth/REVOKE"]) {
      const response = await oauthPost(t.http, path, { grant_type: "refresh_token", refresh_token: "x", token: "x" }, {
        authorization: basic(client),
        origin: "https://app.example.com",
      });
      assert.equal(response.status, 403, `${path}: ${response.text}`);
      assert.equal(response.body.message, "This endpoint cannot be called from a browser", path);
      assert.equal(response.headers.get("access-control-allow-origin"), null, path);
      const preflight = await t.http.request("OPTIONS", path, { headers: { origin: "https://app.example.com", "access-control-request-method": "POST" } });
      assert.equal(preflight.headers.get("access-control-allow-origin"), null, `${path}: no CORS grant for a preflight either`);
    }
  });
});

describe("refresh, introspection, revocation", () => {
  test("refresh rotates; a narrower scope is allowed, a wider one refused", async () => {
    const tokens = await obtainTokens(t.http, client, p.client, "openid profile profile:read");
    const narrowed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, scope: "profile:read" });
    assert.equal(narrowed.status, 200, narrowed.text);
    assert.equal(narrowed.body.scope, "profile:read");
    assert.notEqual(narrowed.body.refresh_token, tokens.refresh_token);
    assert.equal(decodeJwt(narrowed.body.access_token).scope, "profile:read");
    const wider = await token({ grant_type: "refresh_token", refresh_token: narrowed.body.refresh_token, scope: "profile:read email" });
    assert.deepEqual([wider.status, wider.body.code], [400, "invalid_scope"]);
  });

  test("reusing a rotated refresh token revokes the whole family", async () => {
    const tokens = await obtainTokens(t.http, client, p.client, "openid profile:read");
    const rotated = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    assert.equal(rotated.status, 200);
    const reuse = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    assert.deepEqual([reuse.status, reuse.body.code], [400, "invalid_grant"]);
    const newest = await token({ grant_type: "refresh_token", refresh_token: rotated.body.refresh_token });
    assert.equal(newest.body.code, "invalid_grant", "the legitimate newest token is revoked too");
    const me = await t.http.get("/v1/users/me", { token: rotated.body.access_token });
    assert.deepEqual([me.status, me.body.code], [401, "revoked_access_token"]);
  });

  test("introspection: active with claims for own tokens; only { active: false } otherwise", async () => {
    const tokens = await obtainTokens(t.http, client, p.client, "openid profile:read");
    const active = await oauthPost(t.http, "/v1/oauth/introspect", { token: tokens.access_token }, { authorization: basic(client) });
    assert.equal(active.status, 200);
    const claims = decodeJwt(tokens.access_token);
    assert.deepEqual(active.body, { active: true, scope: "openid profile:read", client: client.clientId, exp: claims.exp, iat: claims.iat, nbf: claims.nbf, jti: claims.jti, sub: claims.sub });
    const refreshInfo = await oauthPost(t.http, "/auth/v1/oauth/introspect", { token: tokens.refresh_token }, { authorization: basic(client) });
    assert.equal(refreshInfo.body.active, true);
    const other = await approvedIntegration(t.http, p, "openid");
    assert.deepEqual((await oauthPost(t.http, "/v1/oauth/introspect", { token: tokens.access_token }, { authorization: basic(other) })).body, { active: false });
    assert.deepEqual((await oauthPost(t.http, "/v1/oauth/introspect", { token: "garbage" }, { authorization: basic(client) })).body, { active: false });
    assert.equal((await oauthPost(t.http, "/v1/oauth/introspect", { token: "x" })).status, 401);
  });

  test("revoking an access token refuses it everywhere; revoking a refresh token revokes the grant", async () => {
    const tokens = await obtainTokens(t.http, client, p.client, "openid profile:read");
    const revokedAccess = await oauthPost(t.http, "/v1/oauth/revoke", { token: tokens.access_token }, { authorization: basic(client) });
    assert.deepEqual([revokedAccess.status, revokedAccess.body], [200, {}]);
    assert.equal((await t.http.get("/v1/users/me", { token: tokens.access_token })).body.code, "revoked_access_token");
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    assert.equal(refreshed.status, 200, "the grant itself still stands");
    await oauthPost(t.http, "/v1/oauth/revoke", { token: refreshed.body.refresh_token }, { authorization: basic(client) });
    assert.equal((await t.http.get("/v1/users/me", { token: refreshed.body.access_token })).body.code, "revoked_access_token");
    assert.equal((await token({ grant_type: "refresh_token", refresh_token: refreshed.body.refresh_token })).body.code, "invalid_grant");
    assert.deepEqual((await oauthPost(t.http, "/v1/oauth/introspect", { token: refreshed.body.access_token }, { authorization: basic(client) })).body, { active: false });
  });

  test("an expired access token is refused", async () => {
    const jwt = await import("jose");
    const tokens = await obtainTokens(t.http, client, p.client, "profile:read");
    const claims = decodeJwt(tokens.access_token);
    const { signingMaterial } = await import("../domain/signing-keys.js");
    const { kid, alg, privateKey } = await signingMaterial({ db: t.platform.runtime.db.prisma, sealingKey: t.platform.runtime.sealingKey, issuer: t.config.publicUrl }, "oidc");
    const expired = await new jwt.SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }).setProtectedHeader({ alg, kid, typ: "at+jwt" }).sign(privateKey);
    const response = await t.http.get("/v1/users/me", { token: expired });
    assert.deepEqual([response.status, response.body.code], [401, "invalid_access_token"]);
  });
});

describe("discovery and integration keys", () => {
  test("/.well-known/openid-configuration names our endpoints; its issuer is the tokens' iss", async () => {
    const response = await t.http.get("/.well-known/openid-configuration");
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.code_challenge_methods_supported, ["S256"]);
    assert.equal(response.body.token_endpoint, `${response.body.issuer}/v1/oauth/token`);
    const tokens = await obtainTokens(t.http, client, p.client, "profile:read");
    assert.equal(decodeJwt(tokens.access_token).iss, response.body.issuer);
  });

  test("/v1/apps/{appId}/jwks publishes the integration's own keys", async () => {
    const response = await t.http.get(`/v1/apps/${client.clientId}/jwks`);
    assert.equal(response.status, 200);
    assert.equal(response.body.keys[0].kty, "RSA");
    const oidcKids = (await t.http.get("/v1/oidc/jwks")).body.keys.map((k: { kid: string }) => k.kid);
    assert.ok(!oidcKids.includes(response.body.keys[0].kid));
    const missing = await t.http.get("/rest/v1/apps/OC-nobody/jwks");
    assert.deepEqual([missing.status, missing.body.code], [404, "not_found"]);
    assert.equal((await t.http.get("/v1/apps/bad%20id/jwks")).status, 400);
  });
});

describe("npm run keys:rotate", () => {
  test("rotates through the running platform: new tokens use the new key, old ones work until they expire", async () => {
    const before = await obtainTokens(t.http, client, p.client, "profile:read");
    const oldKid = decodeProtectedHeader(before.access_token).kid;
    const env = operatorToolEnv(t);
    const { stdout } = await promisify(execFile)(process.execPath, [...TYPESCRIPT_LOADER, "scripts/rotate-keys.ts"], { env });
    const rotated = stdout.trim().split("\n").map((line) => JSON.parse(line));
    assert.deepEqual(rotated.map((key) => key.alg), ["RS256", "EdDSA"]);
    const after = await obtainTokens(t.http, client, p.client, "profile:read");
    assert.equal(decodeProtectedHeader(after.access_token).kid, rotated[0].kid);
    assert.notEqual(rotated[0].kid, oldKid);
    assert.equal((await t.http.get("/v1/users/me", { token: before.access_token })).status, 200, "the retired key still verifies");
    const kids = (await t.http.get("/v1/oidc/jwks")).body.keys.map((k: { kid: string }) => k.kid);
    assert.ok(kids.includes(oldKid) && kids.includes(rotated[0].kid));
  });

  test("through GraphQL it is for a SUPERUSER only", async () => {
    const denied = await t.http.graphql(`mutation { rotateSigningKeys { kid } }`, {}, p.admin.token);
    assert.equal(denied.body.errors?.[0].extensions.code, "FORBIDDEN");
    const allowed = await t.http.graphql(`mutation { rotateSigningKeys { kid } }`, {}, p.superuser.token);
    assert.equal(allowed.body.data.rotateSigningKeys.length, 2);
  });
});

describe("rate limits per integration and user", () => {
  test("/v1/users/me: 10 a minute, then 429 too_many_requests with Retry-After; another integration has its own budget", async () => {
    const own = await approvedIntegration(t.http, p, SCOPES);
    const { access_token } = await obtainTokens(t.http, own, p.otherClient, "profile:read");
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.http.get("/v1/users/me", { token: access_token })).status);
    assert.deepEqual(statuses, [...Array(10).fill(200), 429]);
    const refused = await t.http.get("/v1/users/me", { token: access_token });
    assert.deepEqual(refused.body, { code: "too_many_requests", message: "Too many requests to getUsersMe" });
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.equal((await t.http.get("/v1/users/me/profile", { token: access_token })).status, 200, "each operation has its own budget");
    const other = await obtainTokens(t.http, client, p.otherClient, "profile:read");
    assert.equal((await t.http.get("/v1/users/me", { token: other.access_token })).status, 200);
  });
});
