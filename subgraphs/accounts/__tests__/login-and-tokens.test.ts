// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decodeJwt, base64url } from "jose";
import { PASSWORD, registerAndLogin, uniqueEmail } from "../../../testing/accounts.js";
import { handSignedToken, tokenServiceOf } from "../../../testing/business-tokens.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let user: { userId: number; token: string; email: string };
before(async () => {
  t = await startTestPlatform({}, ["accounts"]);
  await registerAndLogin(t.http); // the initial SUPERUSER
  user = await registerAndLogin(t.http, uniqueEmail("login"), "Lee");
});
after(() => t.stop());

const profile = (token: string) => t.http.get("/api/auth/profile", { token });

describe("login and tokens", () => {
  test("login answers { token } with the documented claims, valid for 24 hours", async () => {
    const response = await t.http.post("/api/auth/login-email-password", { email: user.email.toUpperCase(), password: PASSWORD });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body), ["token"]);
    const claims = decodeJwt(response.body.token);
    assert.equal(claims.user_id, user.userId);
    assert.equal(claims.userId, user.userId);
    assert.equal(claims.email, user.email);
    assert.deepEqual(claims.roles, ["CLIENT"]);
    assert.deepEqual([claims.iss, claims.aud], [t.config.publicUrl, "business-platform"]);
    const lifetime = claims.exp! - Math.floor(Date.now() / 1000);
    assert.ok(lifetime > 24 * 3600 - 60 && lifetime <= 24 * 3600, `lifetime ${lifetime}s`);
  });

  test("the profile is the user object", async () => {
    const response = await profile(user.token);
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ["createdAt", "email", "id", "name", "roles"]);
    assert.equal(response.body.name, "Lee");
    assert.match(response.body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  test("a wrong password and an unknown email are the same 401", async () => {
    const wrong = await t.http.post("/api/auth/login-email-password", { email: user.email, password: "Wr0ngPassword" });
    const unknown = await t.http.post("/api/auth/login-email-password", { email: uniqueEmail("nobody"), password: PASSWORD });
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, { error: "Invalid email or password" });
    assert.deepEqual(unknown.body, wrong.body);
    assert.equal(unknown.status, 401);
  });

  test("missing login fields are 400 { field, message }", async () => {
    const response = await t.http.post("/api/auth/login-email-password", { email: user.email });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { field: "password", message: "password is required" });
  });

  test("an expired token is a 401", async () => {
    const yesterday = () => Math.floor(Date.now() / 1000) - 24 * 3600 - 10;
    const expired = await tokenServiceOf(t.config, { now: yesterday }).issue({ id: user.userId, email: user.email, roles: ["CLIENT"] });
    const response = await profile(expired);
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { error: "Token expired" });
  });

  test("a token signed with another secret is a 401", async () => {
    const forged = await tokenServiceOf(t.config, { secret: "another-secret-that-is-long-enough-0123456789" })
      .issue({ id: user.userId, email: user.email, roles: ["SUPERUSER"] });
    const response = await profile(forged);
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { error: "Invalid token" });
  });

  test("an alg:none token is a 401", async () => {
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const payload = base64url.encode(
      JSON.stringify({ user_id: user.userId, userId: user.userId, roles: ["SUPERUSER"], exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    const response = await profile(`${header}.${payload}.`);
    assert.equal(response.status, 401);
  });

  test("a token without exp is a 401", async () => {
    const eternal = await handSignedToken(t.config, { user_id: user.userId, userId: user.userId, roles: ["CLIENT"], exp: null });
    assert.equal((await profile(eternal)).status, 401);
  });

  test("a token of the right secret with a wrong issuer or audience, or only one of them, is a 401 on REST and GraphQL", async () => {
    const claims = { user_id: user.userId, userId: user.userId, email: user.email, roles: ["CLIENT"] };
    const accepted = await handSignedToken(t.config, claims);
    assert.equal((await profile(accepted)).status, 200, "the same claims with the platform's iss and aud are accepted");
    // Neither is a token of the business platform's own auth service: subgraphs/__tests__/legacy-tokens.test.ts.
    assert.equal((await profile(await handSignedToken(t.config, { ...claims, iss: null, aud: null }))).status, 200, "with neither, the old auth service's token");
    for (const [what, variant] of [
      ["another issuer", { iss: "https://elsewhere.example.com" }],
      ["no issuer", { iss: null }],
      ["another audience", { aud: "design-platform" }],
      ["no audience", { aud: null }],
      ["neither, but another issuer's", { iss: "https://elsewhere.example.com", aud: null }],
    ] as const) {
      const token = await handSignedToken(t.config, { ...claims, ...variant });
      const rest = await profile(token);
      assert.deepEqual([rest.status, rest.body], [401, { error: "Invalid token" }], what);
      const graph = await t.http.graphql(`{ me { id } }`, {}, token);
      assert.equal(graph.body.errors?.[0].extensions.code, "UNAUTHENTICATED", what);
      assert.equal(graph.body.errors?.[0].extensions.http.status, 401, what);
    }
  });

  test("operator tokens carry and need the issuer and audience too", async () => {
    const query = `{ userIdByEmail(email: "${user.email}") }`;
    const issued = await t.platform.runtime.tokens.issueOperatorToken();
    assert.deepEqual([decodeJwt(issued).iss, decodeJwt(issued).aud], [t.config.publicUrl, "business-platform"]);
    assert.equal((await t.http.graphql(query, {}, issued)).body.data.userIdByEmail, user.userId);
    const now = Math.floor(Date.now() / 1000);
    for (const variant of [{ aud: "other" }, { iss: null }]) {
      const token = await handSignedToken(t.config, { operator: true, sub: "operator", iat: now, exp: now + 60, ...variant });
      assert.equal((await t.http.graphql(query, {}, token)).body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    }
  });

  for (const [what, header] of [
    ["a malformed token", "Bearer not.a.jwt"],
    ["a header without Bearer", "Token abc"],
    ["garbage", "Bearer %%%"],
  ] as const) {
    test(`${what} is a 401`, async () => {
      const response = await t.http.get("/api/auth/profile", { headers: { authorization: header } });
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, { error: "Invalid token" });
    });
  }

  test("no token is a 401 on every protected path", async () => {
    for (const [method, path] of [
      ["GET", "/profile"],
      ["GET", "/identities"],
      ["POST", "/link-identity"],
      ["POST", "/unlink-identity"],
      ["GET", "/admin/users"],
      ["POST", "/admin/users/promote-role"],
      ["POST", "/admin/users/demote-role"],
    ]) {
      const body = method === "POST" ? { type: "email_password", identityId: 1, userId: 1, role: "STAFF" } : undefined;
      const response = await t.http.request(method, `/api/auth${path}`, { body });
      assert.equal(response.status, 401, `${method} ${path}`);
    }
  });

  test("GraphQL: login returns a token that opens `me`; a bad token is UNAUTHENTICATED", async () => {
    const login = await t.http.graphql(
      `mutation($input: LoginEmailPasswordInput!) { loginWithEmailPassword(input: $input) { token } }`,
      { input: { email: user.email, password: PASSWORD } },
    );
    const token = login.body.data.loginWithEmailPassword.token;
    const me = await t.http.graphql(`{ me { id name email } }`, {}, token);
    assert.deepEqual(me.body.data.me, { id: user.userId, name: "Lee", email: user.email });
    const rejected = await t.http.graphql(`{ me { id } }`, {}, token.slice(0, -2) + "xx");
    assert.equal(rejected.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    assert.equal(rejected.body.errors?.[0].extensions.http.status, 401);
  });
});
