// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, registerAndLogin, uniqueEmail } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
before(async () => {
  t = await startTestPlatform({}, ["accounts"]);
});
after(() => t.stop());

const register = (body: unknown) => t.http.post("/api/auth/register-email-password", body);
const userCount = () => t.platform.runtime.db.prisma.user.count();

describe("registration with email and password", () => {
  test("the first user becomes the initial SUPERUSER, everyone after is CLIENT", async () => {
    const first = await registerAndLogin(t.http, uniqueEmail("first"));
    const second = await registerAndLogin(t.http, uniqueEmail("second"));
    const firstProfile = await t.http.get("/api/auth/profile", { token: first.token });
    const secondProfile = await t.http.get("/api/auth/profile", { token: second.token });
    assert.deepEqual(firstProfile.body.roles, ["SUPERUSER"]);
    assert.deepEqual(secondProfile.body.roles, ["CLIENT"]);
    assert.equal(secondProfile.body.id, second.userId);
  });

  test("answers 201 { message, userId } on the prefixed and the direct port", async () => {
    const viaGateway = await register({ email: uniqueEmail(), password: PASSWORD, name: "Ann" });
    assert.equal(viaGateway.status, 201);
    assert.equal(viaGateway.body.message, "User registered successfully");
    assert.equal(typeof viaGateway.body.userId, "number");
    const direct = await t.direct("auth").post("/register-email-password", { email: uniqueEmail(), password: PASSWORD, name: "Bo" });
    assert.equal(direct.status, 201);
    assert.ok(direct.body.userId > viaGateway.body.userId);
  });

  test("an email that exists is a 409, whatever its case", async () => {
    const email = uniqueEmail("dup");
    assert.equal((await register({ email, password: PASSWORD, name: "A" })).status, 201);
    const before = await userCount();
    const again = await register({ email: email.toUpperCase(), password: PASSWORD, name: "B" });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: "Email already registered" });
    assert.equal(await userCount(), before);
  });

  test("concurrent registrations of one email create exactly one user", async () => {
    const email = uniqueEmail("race");
    const before = await userCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => register({ email, password: PASSWORD, name: "R" })));
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
    assert.equal(await userCount(), before + 1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["a malformed email", { email: "not-an-email", password: PASSWORD, name: "N" }, "email", "email is not a valid email address"],
    ["a 7-character password", { email: uniqueEmail(), password: "Abcdef1", name: "N" }, "password", "password must be 8 to 72 characters long"],
    ["a 73-character password", { email: uniqueEmail(), password: "Aa1" + "x".repeat(70), name: "N" }, "password", "password must be 8 to 72 characters long"],
    ["a password without uppercase", { email: uniqueEmail(), password: "abcdefg1", name: "N" }, "password", "password must contain an uppercase letter, a lowercase letter and a digit"],
    ["a password without lowercase", { email: uniqueEmail(), password: "ABCDEFG1", name: "N" }, "password", "password must contain an uppercase letter, a lowercase letter and a digit"],
    ["a password without a digit", { email: uniqueEmail(), password: "Abcdefgh", name: "N" }, "password", "password must contain an uppercase letter, a lowercase letter and a digit"],
    ["a missing email", { password: PASSWORD, name: "N" }, "email", "email is required"],
    ["a missing password", { email: uniqueEmail(), name: "N" }, "password", "password is required"],
    ["a missing name", { email: uniqueEmail(), password: PASSWORD }, "name", "name is required"],
    ["a blank name", { email: uniqueEmail(), password: PASSWORD, name: "   " }, "name", "name is required"],
    ["a 101-character name", { email: uniqueEmail(), password: PASSWORD, name: "n".repeat(101) }, "name", "name must be at most 100 characters"],
    ["an email that is a number", { email: 42, password: PASSWORD, name: "N" }, "email", "email must be a string"],
    ["a password that is null", { email: uniqueEmail(), password: null, name: "N" }, "password", "password is required"],
    ["a name that is an object", { email: uniqueEmail(), password: PASSWORD, name: { first: "N" } }, "name", "name must be a string"],
  ];
  for (const [what, body, field, message] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await userCount();
      const response = await register(body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { field, message });
      assert.equal(await userCount(), before);
    });
  }

  test("a 72-character password is accepted", async () => {
    const response = await register({ email: uniqueEmail(), password: "Aa1" + "x".repeat(69), name: "Long" });
    assert.equal(response.status, 201);
  });

  test("the same rules hold through GraphQL, with the status in extensions", async () => {
    const mutation = `mutation($input: RegisterEmailPasswordInput!) { registerWithEmailPassword(input: $input) { message userId } }`;
    const ok = await t.http.graphql(mutation, { input: { email: uniqueEmail(), password: PASSWORD, name: "G" } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.registerWithEmailPassword.message, "User registered successfully");
    const weak = await t.http.graphql(mutation, { input: { email: uniqueEmail(), password: "weak", name: "G" } });
    assert.equal(weak.body.errors?.[0].extensions.code, "BAD_USER_INPUT");
    assert.equal(weak.body.errors?.[0].extensions.field, "password");
    assert.equal(weak.body.errors?.[0].extensions.http.status, 400);
  });
});
