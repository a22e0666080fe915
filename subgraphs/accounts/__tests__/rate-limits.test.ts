// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, newWallet, registerAndLogin } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
before(async () => {
  t = await startTestPlatform({ LOGIN_MAX_FAILURES: "3", SIGN_IN_CHALLENGES_PER_MINUTE: "4" }, ["accounts"]);
});
after(() => t.stop());

const login = (email: string, password: string) => t.http.post("/api/auth/login-email-password", { email, password });

describe("rate limits", () => {
  test("after the allowed failed logins, an email is locked out (429 + Retry-After), even with the right password", async () => {
    const user = await registerAndLogin(t.http);
    const other = await registerAndLogin(t.http);
    for (let i = 0; i < 3; i++) assert.equal((await login(user.email, "Wr0ngPassword")).status, 401);
    const locked = await login(user.email, PASSWORD);
    assert.equal(locked.status, 429);
    assert.match(locked.body.error, /^Too many requests/);
    const retryAfter = Number(locked.headers.get("retry-after"));
    assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    assert.equal((await login(other.email, PASSWORD)).status, 200, "other accounts are not affected");
  });

  test("30 wrong passwords at once get exactly the allowed number of guesses; the rest are refused unread", async () => {
    const user = await registerAndLogin(t.http);
    const statuses = await Promise.all(Array.from({ length: 30 }, () => login(user.email, "Wr0ngPassword").then((response) => response.status)));
    assert.equal(statuses.filter((status) => status === 401).length, 3, JSON.stringify(statuses));
    assert.equal(statuses.filter((status) => status === 429).length, 27);
    assert.equal((await login(user.email, PASSWORD)).status, 429, "the right password waits for the window too");
  });

  test("a successful login clears the failure count", async () => {
    const user = await registerAndLogin(t.http);
    for (let round = 0; round < 3; round++) {
      assert.equal((await login(user.email, "Wr0ngPassword")).status, 401);
      assert.equal((await login(user.email, "Wr0ngPassword")).status, 401);
      assert.equal((await login(user.email, PASSWORD)).status, 200);
    }
  });

  test("sign-in challenges per address are limited; GraphQL sees RATE_LIMITED", async () => {
    const wallet = newWallet();
    for (let i = 0; i < 4; i++) assert.equal((await t.http.post("/api/auth/blockchain-challenge", { address: wallet.address })).status, 201);
    const before = await t.platform.runtime.db.prisma.blockchainNonce.count();
    const refused = await t.http.post("/api/auth/blockchain-challenge", { address: wallet.address });
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get("retry-after"));
    const viaGraphql = await t.http.graphql(`mutation($a: String!) { requestBlockchainChallenge(address: $a) { nonce } }`, { a: wallet.address });
    assert.equal(viaGraphql.body.errors?.[0].extensions.code, "RATE_LIMITED");
    assert.equal(viaGraphql.body.errors?.[0].extensions.http.status, 429);
    assert.equal(await t.platform.runtime.db.prisma.blockchainNonce.count(), before);
    assert.equal((await t.http.post("/api/auth/blockchain-challenge", { address: newWallet().address })).status, 201);
  });
});
