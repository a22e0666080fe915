// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, pendingVerificationLink, registerAndLogin, requestVerificationLink, uniqueEmail } from "../../../testing/accounts.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ EMAIL_VERIFICATION_REQUESTS_PER_HOUR: "3" }, ["accounts"])));
after(() => t.stop());

const fresh = () => registerAndLogin(t.http, uniqueEmail("verify"), "Vera Verify");
const linkOf = (user: { userId: number; token: string }) => requestVerificationLink(t.http, user, p.admin.token);
const me = async (token: string) => (await t.http.graphql(`{ me { email emailVerifiedAt } }`, {}, token)).body.data.me;
const tokenIn = (path: string) => new URL(path, t.http.baseUrl).searchParams.get("token")!;

describe("email verification", () => {
  test("a signed-in user asks for a link, an ADMIN reads it, opening it verifies the email", async () => {
    const user = await fresh();
    assert.deepEqual(await me(user.token), { email: user.email, emailVerifiedAt: null });
    const requested = await t.http.post("/api/auth/request-email-verification", undefined, { token: user.token });
    assert.equal(requested.status, 201, requested.text);
    assert.deepEqual([requested.body.message, requested.body.email], ["Verification link sent", user.email]);
    const hours = (Date.parse(requested.body.expiresAt) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `expires in ${hours} h`);
    assert.ok(!JSON.stringify(requested.body).includes("token="), "the link is not given to the requester");
    const link = (await pendingVerificationLink(t.http, user.userId, p.admin.token))!;
    assert.match(link, new RegExp(`^${t.config.publicUrl}/api/auth/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    const opened = await t.http.get(new URL(link).pathname + new URL(link).search);
    assert.deepEqual([opened.status, opened.body], [200, { message: `Email ${user.email} verified` }]);
    assert.ok(Date.parse((await me(user.token)).emailVerifiedAt) <= Date.now());
    assert.equal(await pendingVerificationLink(t.http, user.userId, p.admin.token), null);
    const again = await t.http.post("/api/auth/request-email-verification", undefined, { token: user.token });
    assert.deepEqual([again.status, again.body], [409, { error: "The email is already verified" }]);
  });

  test("only an ADMIN reads pending links; asking for one needs a signed-in user", async () => {
    const user = await fresh();
    await linkOf(user);
    for (const reader of [user, p.client, p.staff]) {
      const denied = await t.http.graphql(`query($id: Int!) { pendingEmailVerification(userId: $id) { link } }`, { id: user.userId }, reader.token);
      assert.equal(denied.body.errors?.[0].extensions.code, "FORBIDDEN");
      assert.equal(denied.body.data?.pendingEmailVerification ?? null, null);
    }
    const anonymous = await t.http.graphql(`query($id: Int!) { pendingEmailVerification(userId: $id) { link } }`, { id: user.userId });
    assert.equal(anonymous.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    assert.equal((await t.http.post("/api/auth/request-email-verification")).status, 401);
  });

  test("a used link is refused the second time (POST with the token works like opening it)", async () => {
    const user = await fresh();
    const token = tokenIn(await linkOf(user));
    assert.equal((await t.http.post("/api/auth/verify-email", { token })).status, 200);
    const reused = await t.http.post("/api/auth/verify-email", { token });
    assert.deepEqual([reused.status, reused.body], [409, { error: "Verification link was already used" }]);
  });

  test("a tampered, missing or replaced link is refused and verifies nothing", async () => {
    const user = await fresh();
    const path = await linkOf(user);
    const token = tokenIn(path);
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const response of [
      await t.http.get(`/api/auth/verify-email?token=${tampered}`),
      await t.http.get(`/api/auth/verify-email?token=${token}x`),
      await t.http.get("/api/auth/verify-email"),
      await t.http.post("/api/auth/verify-email", { token: 42 }),
    ]) {
      assert.deepEqual([response.status, response.body], [400, { error: "Verification link is invalid (or a newer one replaced it)" }]);
    }
    const graph = await t.http.graphql(`mutation($token: String!) { confirmEmailVerification(token: $token) { message } }`, { token: tampered });
    assert.deepEqual([graph.body.errors?.[0].extensions.code, graph.body.errors?.[0].extensions.reason], ["BAD_REQUEST", "invalid"]);
    await linkOf(user); // a newer link replaces the first
    assert.equal((await t.http.get(path)).status, 400);
    assert.equal((await me(user.token)).emailVerifiedAt, null);
  });

  test("an expired link is refused and verifies nothing", async () => {
    const user = await fresh();
    const path = await linkOf(user);
    await t.platform.runtime.db.prisma.emailVerification.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await t.http.get(path);
    assert.deepEqual([response.status, response.body], [400, { error: "Verification link has expired: request a new one" }]);
    assert.equal((await me(user.token)).emailVerifiedAt, null);
  });

  test("a link for an email the account no longer has verifies nothing; changing a verified email unverifies it", async () => {
    const user = await fresh();
    const path = await linkOf(user);
    const second = uniqueEmail("second");
    assert.equal((await t.http.post("/api/auth/link-identity", { type: "email_password", email: second, password: PASSWORD }, { token: user.token })).status, 201);
    const identities = (await t.http.get("/api/auth/identities", { token: user.token })).body as { id: number; identifier: string }[];
    const first = identities.find((identity) => identity.identifier === user.email)!;
    assert.equal((await t.http.post("/api/auth/unlink-identity", { identityId: first.id }, { token: user.token })).status, 200);
    const response = await t.http.get(path);
    assert.deepEqual([response.status, response.body], [409, { error: "Verification link was issued for an email the account no longer has" }]);
    assert.deepEqual(await me(user.token), { email: second, emailVerifiedAt: null });

    assert.equal((await t.http.get(await linkOf(user))).status, 200);
    assert.notEqual((await me(user.token)).emailVerifiedAt, null);
    const third = uniqueEmail("third");
    await t.http.post("/api/auth/link-identity", { type: "email_password", email: third, password: PASSWORD }, { token: user.token });
    const secondId = ((await t.http.get("/api/auth/identities", { token: user.token })).body as { id: number; identifier: string }[])
      .find((identity) => identity.identifier === second)!.id;
    await t.http.post("/api/auth/unlink-identity", { identityId: secondId }, { token: user.token });
    assert.deepEqual(await me(user.token), { email: third, emailVerifiedAt: null });
  });

  test("two confirmations of one link at once: exactly one succeeds", async () => {
    const user = await fresh();
    const token = tokenIn(await linkOf(user));
    const responses = await Promise.all([0, 1, 2].map(() => t.http.post("/api/auth/verify-email", { token })));
    assert.deepEqual(responses.map((r) => r.status).sort(), [200, 409, 409]);
    assert.notEqual((await me(user.token)).emailVerifiedAt, null);
  });

  test("requests are rate limited per user (EMAIL_VERIFICATION_REQUESTS_PER_HOUR)", async () => {
    const [user, other] = [await fresh(), await fresh()];
    for (let i = 0; i < 3; i += 1) assert.equal((await t.http.post("/api/auth/request-email-verification", undefined, { token: user.token })).status, 201);
    const limited = await t.http.post("/api/auth/request-email-verification", undefined, { token: user.token });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.equal((await t.http.post("/api/auth/request-email-verification", undefined, { token: other.token })).status, 201);
  });
});
