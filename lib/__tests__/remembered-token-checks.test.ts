// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { DesignPrincipal, DesignTokenCheck } from "../auth/design-principal.js";
import { announceRevocation, RememberedTokenChecks } from "../auth/token-revocations.js";
import { inMemoryBus } from "../pubsub.js";

const principal: DesignPrincipal = { kind: "design", userId: 7, subject: "U7", clientId: "client", scopes: ["asset:read"], jti: "jti-1", familyId: "family-1", teamId: "team-1" };

/** A token's full check that takes as long as the test says, counting its runs. */
function heldChecks() {
  const runs: { token: string; answer: (check: DesignTokenCheck) => void }[] = [];
  const verify = (token: string) => new Promise<DesignTokenCheck>((answer) => runs.push({ token, answer }));
  return { runs, verify };
}

/** A JWT's shape with an expiry an hour away (remembered checks never outlive their token; signatures are the verifier's business). */
const tokenNamed = (name: string) =>
  [{ alg: "HS256", typ: "JWT" }, { sub: name, exp: Math.floor(Date.now() / 1000) + 3600 }].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".") + ".signature";
const tokenA = tokenNamed("a");
const tokenB = tokenNamed("b");

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("design-token checks remembered for subscription re-reads", () => {
  test("re-reads of one token arriving together wait for one full check, and later ones reuse it", async () => {
    const { runs, verify } = heldChecks();
    const checks = new RememberedTokenChecks(verify, 60_000);
    const together = Array.from({ length: 50 }, () => checks.check(tokenA));
    const other = checks.check(tokenB);
    assert.deepEqual(runs.map((run) => run.token), [tokenA, tokenB]);
    runs[0].answer(principal);
    runs[1].answer("revoked");
    assert.deepEqual(new Set(await Promise.all(together)), new Set([principal]));
    assert.equal(await other, "revoked");
    assert.equal(await checks.check(tokenA), principal);
    const again = checks.check(tokenB);
    assert.equal(runs.length, 3, "a refused token is never remembered");
    runs[2].answer("revoked");
    assert.equal(await again, "revoked");
  });

  test("a check running when a revocation is announced is not remembered: the next re-read checks in full again", async () => {
    const bus = inMemoryBus();
    const { runs, verify } = heldChecks();
    const checks = new RememberedTokenChecks(verify, 60_000);
    await checks.start(bus);
    const before = checks.check(tokenA);
    await announceRevocation(bus, { jti: "jti-1" });
    await turn();
    const after = checks.check(tokenA);
    assert.equal(runs.length, 2, "a re-read after the revocation does not wait for the check that began before it");
    runs[0].answer(principal);
    runs[1].answer("revoked");
    assert.equal(await before, principal);
    assert.equal(await after, "revoked");
    const next = checks.check(tokenA);
    assert.equal(runs.length, 3);
    runs[2].answer("revoked");
    assert.equal(await next, "revoked");
  });

  test("a check that fails (the database away) fails its waiters and is not kept: the next re-read tries again", async () => {
    let calls = 0;
    const checks = new RememberedTokenChecks(async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return principal;
    }, 60_000);
    const outcomes = await Promise.allSettled([checks.check(tokenA), checks.check(tokenA)]);
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ["rejected", "rejected"]);
    assert.equal(await checks.check(tokenA), principal);
    assert.equal(calls, 2);
  });

  test("with SUBSCRIPTION_TOKEN_CHECK_SECONDS=0 every re-read checks in full, also when others are checking the same token", async () => {
    const { runs, verify } = heldChecks();
    const checks = new RememberedTokenChecks(verify, 0);
    const both = [checks.check(tokenA), checks.check(tokenA)];
    assert.equal(runs.length, 2);
    runs.forEach((run) => run.answer(principal));
    await Promise.all(both);
    void checks.check(tokenA);
    assert.equal(runs.length, 3);
  });
});
