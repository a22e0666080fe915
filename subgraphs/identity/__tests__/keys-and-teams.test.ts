// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK } from "jose";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { statementsFor } from "../../../testing/statements.js";
import { registerAndLogin } from "../../../testing/accounts.js";
import { rotateKey, signingMaterial, LONGEST_TOKEN_LIFETIME_MS } from "../domain/signing-keys.js";
import { deriveKey, unseal } from "../../../lib/crypto/sealed.js";
import { designToken } from "../../../testing/assets.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "identity"])));
after(() => t.stop());

const store = () => ({ db: t.platform.runtime.db.prisma, sealingKey: t.platform.runtime.sealingKey, issuer: t.config.publicUrl });

async function signWithCurrentKey() {
  const { kid, alg, privateKey } = await signingMaterial(store(), "oidc");
  return new SignJWT({ scope: "openid" }).setProtectedHeader({ alg, kid }).setSubject("U1").setExpirationTime("4h").sign(privateKey);
}

describe("signing keys", () => {
  test("/v1/oidc/jwks publishes RSA keys; the same at /rest/v1 and /auth/v1", async () => {
    const response = await t.http.get("/v1/oidc/jwks");
    assert.equal(response.status, 200);
    const [key] = response.body.keys;
    assert.deepEqual([key.kty, key.alg, key.use, typeof key.n, key.e], ["RSA", "RS256", "sig", "string", "AQAB"]);
    assert.equal(key.d, undefined, "no private member is published");
    assert.deepEqual((await t.http.get("/rest/v1/oidc/jwks")).body, response.body);
    assert.deepEqual((await t.http.get("/auth/v1/oidc/jwks")).body, response.body);
  });

  test("/v1/connect/keys publishes Ed25519 keys in JWK form", async () => {
    const response = await t.http.get("/rest/v1/connect/keys");
    assert.equal(response.status, 200);
    const [key] = response.body.keys;
    assert.deepEqual(Object.keys(key).sort(), ["alg", "crv", "kid", "kty", "use", "x"]);
    assert.deepEqual([key.kty, key.crv], ["OKP", "Ed25519"]);
    assert.equal((await t.http.get("/auth/v1/connect/keys")).status, 404, "only OAuth and OIDC paths live under /auth/v1");
  });

  test("rotation: new tokens use the new key, old tokens verify until they expire", async () => {
    const before = await signWithCurrentKey();
    const oldKid = decodeProtectedHeader(before).kid;
    await rotateKey(store(), "oidc");
    const afterRotation = await signWithCurrentKey();
    assert.notEqual(decodeProtectedHeader(afterRotation).kid, oldKid);
    const published = createLocalJWKSet((await t.http.get("/v1/oidc/jwks")).body);
    for (const token of [before, afterRotation]) assert.equal((await jwtVerify(token, published)).payload.sub, "U1");
    const retired = await t.platform.runtime.db.prisma.signingKey.findUniqueOrThrow({ where: { kid: oldKid! } });
    assert.ok(Math.abs(retired.publishedUntil!.getTime() - retired.retiredAt!.getTime() - LONGEST_TOKEN_LIFETIME_MS) < 1000);
    await t.platform.runtime.db.prisma.signingKey.update({ where: { kid: oldKid! }, data: { publishedUntil: new Date(Date.now() - 1) } });
    const kids = (await t.http.get("/v1/oidc/jwks")).body.keys.map((k: JWK) => k.kid);
    assert.ok(!kids.includes(oldKid), "a retired key leaves once its tokens have expired");
  });

  test("private keys are sealed at rest", async () => {
    const row = await t.platform.runtime.db.prisma.signingKey.findFirstOrThrow({ where: { purpose: "oidc" } });
    assert.match(row.privateJwk, /^v1\./);
    assert.ok(!row.privateJwk.includes('"d"'));
    const opened = JSON.parse(unseal(row.privateJwk, t.platform.runtime.sealingKey)) as JWK;
    assert.equal(typeof opened.d, "string");
    await importJWK(opened, "RS256");
    assert.throws(() => unseal(row.privateJwk, deriveKey("another-secret-of-at-least-32-chars", "signing-keys")));
  });

  test("unknown design-platform paths answer { code: endpoint_not_found }", async () => {
    for (const path of ["/v1/nope", "/rest/v1/nope", "/auth/v1/nope"]) {
      const response = await t.http.get(path);
      assert.deepEqual([response.status, response.body.code], [404, "endpoint_not_found"], path);
      assert.equal(typeof response.body.message, "string");
    }
  });
});

describe("teams, plans and capabilities", () => {
  const ME = `{ me { designUserId team { id plan capabilities } capabilities } }`;

  test("every user has a personal team on the free plan, with an opaque design id", async () => {
    const response = await t.http.graphql(ME, {}, p.client.token);
    const me = response.body.data.me;
    assert.match(me.designUserId, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.match(me.team.id, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.deepEqual([me.team.plan, me.capabilities], ["free", []]);
    const again = await t.http.graphql(ME, {}, p.client.token);
    assert.equal(again.body.data.me.team.id, me.team.id);
  });

  test("capabilities follow the team's plan; only ADMIN and SUPERUSER set it", async () => {
    const teamId = (await t.http.graphql(ME, {}, p.otherClient.token)).body.data.me.team.id;
    const setPlan = (plan: string, token: string) =>
      t.http.graphql(`mutation($id: ID!, $plan: TeamPlan!) { setTeamPlan(teamId: $id, plan: $plan) { plan capabilities } }`, { id: teamId, plan }, token);
    assert.equal((await setPlan("enterprise", p.otherClient.token)).body.errors?.[0].extensions.code, "FORBIDDEN");
    assert.equal((await setPlan("enterprise", p.staff.token)).body.errors?.[0].extensions.code, "FORBIDDEN");
    const expected: Record<string, string[]> = {
      free: [],
      pro: ["export_png_transparency", "resize"],
      enterprise: ["analytics", "autofill", "brand_template", "export_png_transparency", "resize", "team_restricted_app"],
      education: ["team_restricted_app"],
    };
    for (const [plan, capabilities] of Object.entries(expected)) {
      const response = await setPlan(plan, p.admin.token);
      assert.deepEqual(response.body.data.setTeamPlan, { plan, capabilities });
      assert.deepEqual((await t.http.graphql(ME, {}, p.otherClient.token)).body.data.me.capabilities, capabilities);
    }
    const missing = await t.http.graphql(`mutation { setTeamPlan(teamId: "Tnope", plan: pro) { plan } }`, {}, p.superuser.token);
    assert.equal(missing.body.errors?.[0].extensions.code, "NOT_FOUND");
  });

  test("the teams of many users cost the same SQL statements as of a few", async () => {
    const USERS = `{ users { name team { plan } capabilities } }`;
    await statementsFor(t, USERS, p.superuser.token); // the users seen for the first time get their teams
    const few = await statementsFor(t, USERS, p.superuser.token);
    for (let i = 0; i < 6; i++) await registerAndLogin(t.http);
    await statementsFor(t, USERS, p.superuser.token);
    const many = await statementsFor(t, USERS, p.superuser.token);
    assert.ok(many.data.users.length >= few.data.users.length + 6);
    assert.equal(many.statements, few.statements, `${few.data.users.length} users: ${few.statements}, ${many.data.users.length}: ${many.statements}`);
  });

  test("another user's team is not visible to a CLIENT", async () => {
    const response = await t.http.graphql(`query($id: Int!) { user(id: $id) { name team { id } } }`, { id: p.otherClient.userId }, p.client.token);
    assert.equal(response.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("checking a design token only reads: a token whose user has no team is refused and no team is made", async () => {
    const token = await designToken(t.http, p, p.otherClient, "profile:read");
    assert.equal((await t.http.get("/v1/users/me", { token })).status, 200, "the user's team was made when the code was issued");
    const db = t.platform.runtime.db.prisma;
    await db.teamMembership.deleteMany({ where: { userId: p.otherClient.userId } });
    const teams = await db.team.count();
    const refused = await t.http.get("/v1/users/me", { token });
    assert.equal(refused.status, 401, refused.text);
    assert.equal(refused.body.code, "invalid_access_token");
    assert.equal(await db.team.count(), teams, "no team was created while checking the token");
    assert.equal(await db.teamMembership.count({ where: { userId: p.otherClient.userId } }), 0);
  });
});
