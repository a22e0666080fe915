// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, newWallet, registerAndLogin, signChallenge, uniqueEmail } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
before(async () => {
  t = await startTestPlatform({}, ["accounts"]);
  await registerAndLogin(t.http); // the initial SUPERUSER
});
after(() => t.stop());

const identities = async (token: string) => (await t.http.get("/api/auth/identities", { token })).body as any[];
const link = (token: string, body: unknown) => t.http.post("/api/auth/link-identity", body, { token });
const unlink = (token: string, identityId: unknown) => t.http.post("/api/auth/unlink-identity", { identityId }, { token });

describe("identities", () => {
  test("link a wallet to an email account, then log in with either", async () => {
    const user = await registerAndLogin(t.http);
    const wallet = newWallet();
    const linked = await link(user.token, { type: "blockchain_address", ...(await signChallenge(t.http, wallet)) });
    assert.equal(linked.status, 201);
    assert.deepEqual(linked.body, { message: "Identity linked successfully" });
    const list = await identities(user.token);
    assert.deepEqual(list.map((i) => [i.type, i.isPrimaryLogin]), [["email_password", true], ["blockchain_address", false]]);
    assert.ok(list.every((i) => i.userId === user.userId));
    const login = await t.http.post("/api/auth/login-blockchain", await signChallenge(t.http, wallet));
    assert.equal(login.status, 200);
  });

  test("link an email to a wallet account: it becomes the user's email and a way to log in", async () => {
    const wallet = newWallet();
    await t.http.post("/api/auth/register-blockchain", { ...(await signChallenge(t.http, wallet)), name: "W" });
    const token = (await t.http.post("/api/auth/login-blockchain", await signChallenge(t.http, wallet))).body.token;
    const email = uniqueEmail("linked");
    assert.equal((await link(token, { type: "email_password", email, password: PASSWORD })).status, 201);
    assert.equal((await t.http.get("/api/auth/profile", { token })).body.email, email);
    assert.equal((await t.http.post("/api/auth/login-email-password", { email, password: PASSWORD })).status, 200);
  });

  test("linking an identity someone else holds is a 409 and changes nothing", async () => {
    const owner = await registerAndLogin(t.http);
    const other = await registerAndLogin(t.http);
    const response = await link(other.token, { type: "email_password", email: owner.email, password: PASSWORD });
    assert.equal(response.status, 409);
    assert.equal((await identities(other.token)).length, 1);
  });

  test("link validates what its type needs", async () => {
    const user = await registerAndLogin(t.http);
    const noPassword = await link(user.token, { type: "email_password", email: uniqueEmail() });
    assert.deepEqual([noPassword.status, noPassword.body], [400, { field: "password", message: "password is required" }]);
    const weak = await link(user.token, { type: "email_password", email: uniqueEmail(), password: "weak" });
    assert.equal(weak.status, 400);
    const noSignature = await link(user.token, { type: "blockchain_address", address: newWallet().address });
    assert.equal(noSignature.body.field, "signature");
    const badType = await link(user.token, { type: "telepathy" });
    assert.deepEqual([badType.status, badType.body.field], [400, "type"]);
    assert.equal((await identities(user.token)).length, 1);
  });

  test("the last identity cannot be unlinked", async () => {
    const user = await registerAndLogin(t.http);
    const [only] = await identities(user.token);
    const response = await unlink(user.token, only.id);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: "Cannot unlink the last identity" });
    assert.equal((await identities(user.token)).length, 1);
  });

  test("unlinking the primary login promotes another and moves the email", async () => {
    const user = await registerAndLogin(t.http);
    const second = uniqueEmail("second");
    await link(user.token, { type: "email_password", email: second, password: PASSWORD });
    const [primary] = await identities(user.token);
    const response = await unlink(user.token, primary.id);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: "Identity unlinked successfully" });
    const remaining = await identities(user.token);
    assert.deepEqual(remaining.map((i) => [i.identifier, i.isPrimaryLogin]), [[second, true]]);
    assert.equal((await t.http.get("/api/auth/profile", { token: user.token })).body.email, second);
    assert.equal((await t.http.post("/api/auth/login-email-password", { email: user.email, password: PASSWORD })).status, 401);
  });

  test("concurrent unlinks never leave a user without an identity", async () => {
    const user = await registerAndLogin(t.http);
    await link(user.token, { type: "email_password", email: uniqueEmail(), password: PASSWORD });
    const ids = (await identities(user.token)).map((i) => i.id);
    const results = await Promise.all(ids.map((id) => unlink(user.token, id)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
    assert.equal((await identities(user.token)).length, 1);
  });

  test("another user's identity, or none, is a 404; a wrongly typed id a 400", async () => {
    const user = await registerAndLogin(t.http);
    const other = await registerAndLogin(t.http);
    const [theirs] = await identities(other.token);
    assert.deepEqual((await unlink(user.token, theirs.id)).body, { error: "Identity not found" });
    assert.equal((await unlink(user.token, theirs.id)).status, 404);
    assert.equal((await unlink(user.token, 999999)).status, 404);
    assert.equal((await unlink(user.token, -1)).status, 400);
    assert.deepEqual((await unlink(user.token, "1")).body, { field: "identityId", message: "identityId must be an integer" });
    assert.equal((await unlink(user.token, undefined)).status, 400);
    assert.equal((await identities(other.token)).length, 1);
  });

  test("GraphQL: myIdentities and me.identities agree", async () => {
    const user = await registerAndLogin(t.http);
    const response = await t.http.graphql(`{ myIdentities { id type } me { identities { id type } } }`, {}, user.token);
    assert.deepEqual(response.body.data.myIdentities, response.body.data.me.identities);
    assert.equal(response.body.data.myIdentities[0].type, "email_password");
  });
});
