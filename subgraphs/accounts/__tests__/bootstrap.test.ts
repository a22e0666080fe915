// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, newWallet, signChallenge, uniqueEmail } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

const SECRET = "a-bootstrap-secret-of-this-deployment";

/** Registers by email (with `extra` in the body) and returns the new user's roles as stored. */
async function rolesOfNewUser(t: TestPlatform, extra: Record<string, unknown> = {}): Promise<string[]> {
  const registered = await t.http.post("/api/auth/register-email-password", { email: uniqueEmail("boot"), password: PASSWORD, name: "B", ...extra });
  assert.equal(registered.status, 201, registered.text);
  return (await t.platform.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: registered.body.userId } })).roles;
}

describe("the initial SUPERUSER needs the bootstrap secret when one is configured", () => {
  let t: TestPlatform;
  before(async () => (t = await startTestPlatform({ BOOTSTRAP_SECRET: SECRET }, ["accounts"])));
  after(() => t.stop());

  test("a stranger racing to register first, with no or a wrong secret, gets CLIENT; the secret's holder gets SUPERUSER, once", async () => {
    assert.deepEqual(await rolesOfNewUser(t), ["CLIENT"]);
    assert.deepEqual(await rolesOfNewUser(t, { bootstrapSecret: "guess" }), ["CLIENT"]);
    assert.deepEqual(await rolesOfNewUser(t, { bootstrapSecret: `${SECRET}x` }), ["CLIENT"]);
    const wallet = newWallet();
    const viaWallet = await t.http.post("/api/auth/register-blockchain", { ...(await signChallenge(t.http, wallet)), name: "W", bootstrapSecret: "guess" });
    assert.equal(viaWallet.status, 201, viaWallet.text);
    assert.deepEqual(await rolesOfNewUser(t, { bootstrapSecret: SECRET }), ["SUPERUSER"]);
    assert.deepEqual(await rolesOfNewUser(t, { bootstrapSecret: SECRET }), ["CLIENT"], "the initial SUPERUSER is claimed once");
    const users = await t.platform.runtime.db.prisma.user.findMany();
    assert.equal(users.filter((user) => user.roles.includes("SUPERUSER")).length, 1);
  });
});

describe("in production without a bootstrap secret nobody becomes SUPERUSER by registering", () => {
  let t: TestPlatform;
  before(async () => (t = await startTestPlatform({ NODE_ENV: "production" }, ["accounts"])));
  after(() => t.stop());

  test("the first registration is a CLIENT", async () => {
    assert.deepEqual(await rolesOfNewUser(t), ["CLIENT"]);
    assert.deepEqual(await rolesOfNewUser(t, { bootstrapSecret: "anything" }), ["CLIENT"]);
  });
});
