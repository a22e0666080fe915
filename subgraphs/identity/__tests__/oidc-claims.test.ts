// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import { PASSWORD, registerAndLogin, uniqueEmail, verifyEmail } from "../../../testing/accounts.js";
import { approve, approvedIntegration, authorizeQuery, basic, oauthPost, pkce, type Integration } from "../../../testing/oauth.js";
import { startWithPeople, type People, type Person } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let client: Integration;
const SCOPES = "openid profile email";
before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "identity"]));
  client = await approvedIntegration(t.http, p, SCOPES);
});
after(() => t.stop());

/** Consent (with `extra` authorization parameters), code exchange; the tokens and the id token's verified claims. */
async function signIn(user: Person, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const redirect = await approve(t.http, user, authorizeQuery(client, SCOPES, challenge, extra));
  const code = new URL(redirect.location!).searchParams.get("code")!;
  const response = await oauthPost(t.http, "/v1/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier }, { authorization: basic(client) });
  assert.equal(response.status, 200, response.text);
  return { tokens: response.body, id: await idClaims(response.body.id_token) };
}

async function idClaims(idToken: string): Promise<JWTPayload> {
  const jwks = createLocalJWKSet((await t.http.get("/v1/oidc/jwks")).body);
  return (await jwtVerify(idToken, jwks, { audience: client.clientId, issuer: t.config.publicUrl })).payload;
}

const refreshed = async (refreshToken: string) =>
  (await oauthPost(t.http, "/v1/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken }, { authorization: basic(client) })).body;
const userInfo = async (accessToken: string) => (await t.http.get("/v1/oidc/userinfo", { token: accessToken })).body;

describe("OpenID Connect: email_verified", () => {
  test("false for an unverified email; true once the user confirmed a link, in new id tokens and in user info", async () => {
    const user = await registerAndLogin(t.http, uniqueEmail("oidc"), "Olga Oidc");
    const before = await signIn(user);
    assert.deepEqual([before.id.email, before.id.email_verified], [user.email, false]);
    assert.equal((await userInfo(before.tokens.access_token)).email_verified, false);

    await verifyEmail(t.http, user, p.admin.token);
    assert.equal((await userInfo(before.tokens.access_token)).email_verified, true, "user info says what is true now");
    const after = await signIn(user);
    assert.deepEqual([after.id.email, after.id.email_verified], [user.email, true]);
    assert.equal((await idClaims((await refreshed(after.tokens.refresh_token)).id_token)).email_verified, true);
  });

  test("false again once the account's email is another than the one verified", async () => {
    const user = await registerAndLogin(t.http, uniqueEmail("moving"), "Max Moving");
    await verifyEmail(t.http, user, p.admin.token);
    const signedIn = await signIn(user);
    assert.equal(signedIn.id.email_verified, true);
    await t.http.post("/api/auth/link-identity", { type: "email_password", email: uniqueEmail("moved"), password: PASSWORD }, { token: user.token });
    const first = ((await t.http.get("/api/auth/identities", { token: user.token })).body as { id: number; identifier: string }[])
      .find((identity) => identity.identifier === user.email)!;
    assert.equal((await t.http.post("/api/auth/unlink-identity", { identityId: first.id }, { token: user.token })).status, 200);
    assert.equal((await userInfo(signedIn.tokens.access_token)).email_verified, false);
    assert.equal((await idClaims((await refreshed(signedIn.tokens.refresh_token)).id_token)).email_verified, false);
  });
});

describe("OpenID Connect: nonce", () => {
  test("the authorization request's nonce is echoed in the id token of its code, not in refreshed ones", async () => {
    const nonce = "n-0S6_WzA2Mj";
    const { tokens, id } = await signIn(p.client, { nonce });
    assert.equal(id.nonce, nonce);
    const again = await refreshed(tokens.refresh_token);
    assert.equal((await idClaims(again.id_token)).nonce, undefined);
  });

  test("no nonce in the request, none in the id token; 255 characters are accepted", async () => {
    assert.equal((await signIn(p.client)).id.nonce, undefined);
    assert.equal((await signIn(p.client, { nonce: "x".repeat(255) })).id.nonce, "x".repeat(255));
  });

  test("a nonce over 255 characters (or with control characters) goes back to the client as invalid_request, with no code", async () => {
    for (const nonce of ["x".repeat(256), "line\nbreak"]) {
      const { challenge } = pkce();
      const redirect = await approve(t.http, p.client, authorizeQuery(client, SCOPES, challenge, { nonce }));
      assert.equal(redirect.status, 302);
      const location = new URL(redirect.location!);
      assert.equal(location.searchParams.get("error"), "invalid_request");
      assert.equal(location.searchParams.get("error_description"), "nonce must be at most 255 printable ASCII characters");
      assert.equal(location.searchParams.get("code"), null);
    }
  });
});
