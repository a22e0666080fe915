// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { InternalCalls } from "../../../lib/auth/internal-calls.js";
import { PASSWORD, uniqueEmail } from "../../../testing/accounts.js";
import { HttpClient } from "../../../testing/http.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

const REGISTER = `mutation($input: RegisterEmailPasswordInput!) { registerWithEmailPassword(input: $input) { userId } }`;
const LOGIN = `mutation($input: LoginEmailPasswordInput!) { loginWithEmailPassword(input: $input) { token } }`;

const register = (t: TestPlatform, headers: Record<string, string> = {}) =>
  t.http.post("/api/auth/register-email-password", { email: uniqueEmail("addr"), password: PASSWORD, name: "A" }, { headers });

async function userCount(t: TestPlatform): Promise<number> {
  return t.platform.runtime.db.prisma.user.count();
}

describe("sign-up and sign-in are limited per client address, across every email and wallet", () => {
  let t: TestPlatform;
  before(async () => (t = await startTestPlatform({ ADDRESS_REGISTRATIONS_PER_HOUR: "3", ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE: "6" }, ["accounts"])));
  after(() => t.stop());

  test("the fourth account from one address within the hour is refused with 429 and Retry-After, and not created", async () => {
    for (let i = 0; i < 3; i++) assert.equal((await register(t)).status, 201);
    const users = await userCount(t);
    const refused = await register(t);
    assert.equal(refused.status, 429, refused.text);
    assert.match(refused.body.error, /^Too many requests/);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    const viaGraph = await t.http.graphql(REGISTER, { input: { email: uniqueEmail("addr"), password: PASSWORD, name: "G" } });
    assert.equal(viaGraph.body.errors?.[0].extensions.http.status, 429, "the graph counts the same address as the REST paths");
    assert.equal(await userCount(t), users);
  });

  test("X-Forwarded-For and a forged address header do not open a new budget", async () => {
    const users = await userCount(t);
    assert.equal((await register(t, { "x-forwarded-for": "203.0.113.7" })).status, 429);
    const forged = new InternalCalls(randomBytes(32)).signAddress("203.0.113.8");
    assert.equal((await register(t, { "x-client-address": forged })).status, 429);
    const direct = new HttpClient(t.platform.subgraphs.accounts.url);
    const straight = await direct.post("/graphql", { query: REGISTER, variables: { input: { email: uniqueEmail("addr"), password: PASSWORD, name: "D" } } }, { headers: { "x-client-address": "203.0.113.9" } });
    assert.equal(straight.body.errors?.[0].extensions.http.status, 429, "an unsigned address header on a subgraph port is ignored");
    assert.equal(await userCount(t), users);
  });

  test("password checks for many different emails from one address share one budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.http.post("/api/auth/login-email-password", { email: uniqueEmail("guess"), password: "Wr0ngPassword" })).status);
    assert.ok(statuses.includes(429), `refused once the address's budget is spent: ${statuses}`);
    const viaGraph = await t.http.graphql(LOGIN, { input: { email: uniqueEmail("guess"), password: "Wr0ngPassword" } });
    assert.equal(viaGraph.body.errors?.[0].extensions.http.status, 429);
  });
});

describe("behind a trusted proxy (TRUST_PROXY), each client address has its own budget", () => {
  let t: TestPlatform;
  before(async () => (t = await startTestPlatform({ ADDRESS_REGISTRATIONS_PER_HOUR: "1", TRUST_PROXY: "loopback" }, ["accounts"])));
  after(() => t.stop());

  test("one account per address: a second from the same address is refused, another address still registers", async () => {
    assert.equal((await register(t, { "x-forwarded-for": "198.51.100.1" })).status, 201);
    assert.equal((await register(t, { "x-forwarded-for": "198.51.100.1" })).status, 429);
    assert.equal((await register(t, { "x-forwarded-for": "198.51.100.2" })).status, 201);
    const viaGraph = await t.http.post("/graphql", { query: REGISTER, variables: { input: { email: uniqueEmail("addr"), password: PASSWORD, name: "G" } } }, { headers: { "x-forwarded-for": "198.51.100.2" } });
    assert.equal(viaGraph.body.errors?.[0].extensions.http.status, 429, "the gateway passes the same address on to the subgraph");
  });
});
