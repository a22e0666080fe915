// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let superuser: { userId: number; token: string };
before(async () => {
  t = await startTestPlatform({}, ["accounts"]);
  superuser = await registerAndLogin(t.http, undefined, "Root");
});
after(() => t.stop());

const promote = (token: string, userId: unknown, role: unknown) =>
  t.http.post("/api/auth/admin/users/promote-role", { userId, role }, { token });
const demote = (token: string, userId: unknown, role: unknown) =>
  t.http.post("/api/auth/admin/users/demote-role", { userId, role }, { token });
const rolesOf = async (userId: number) =>
  (await t.platform.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).roles;

async function newAdmin() {
  const admin = await registerAndLogin(t.http);
  assert.equal((await promote(superuser.token, admin.userId, "ADMIN")).status, 200);
  return admin;
}

describe("roles", () => {
  test("only ADMIN (or SUPERUSER) lists users", async () => {
    const client = await registerAndLogin(t.http);
    const forbidden = await t.http.get("/api/auth/admin/users", { token: client.token });
    assert.deepEqual([forbidden.status, forbidden.body], [403, { error: "Insufficient permissions" }]);
    const admin = await newAdmin();
    const list = await t.http.get("/api/auth/admin/users", { token: admin.token });
    assert.equal(list.status, 200);
    assert.ok(list.body.some((u: any) => u.id === client.userId && u.roles[0] === "CLIENT"));
    assert.deepEqual(Object.keys(list.body[0]).sort(), ["createdAt", "email", "id", "name", "roles"]);
  });

  test("promote adds a role; the new role is effective at once, even with the old token", async () => {
    const user = await registerAndLogin(t.http);
    const response = await promote(superuser.token, user.userId, "STAFF");
    assert.deepEqual([response.status, response.body], [200, { message: `Role STAFF granted to user ${user.userId}` }]);
    assert.deepEqual(await rolesOf(user.userId), ["CLIENT", "STAFF"]);
    assert.equal((await promote(superuser.token, user.userId, "ADMIN")).status, 200);
    assert.equal((await t.http.get("/api/auth/admin/users", { token: user.token })).status, 200);
  });

  test("demote removes a role but never the last one", async () => {
    const user = await registerAndLogin(t.http);
    await promote(superuser.token, user.userId, "STAFF");
    const removed = await demote(superuser.token, user.userId, "CLIENT");
    assert.deepEqual([removed.status, removed.body], [200, { message: `Role CLIENT removed from user ${user.userId}` }]);
    const last = await demote(superuser.token, user.userId, "STAFF");
    assert.deepEqual([last.status, last.body], [400, { error: "Cannot remove a user's last role" }]);
    assert.deepEqual(await rolesOf(user.userId), ["STAFF"]);
  });

  test("an admin cannot remove their own ADMIN role", async () => {
    const admin = await newAdmin();
    const response = await demote(admin.token, admin.userId, "ADMIN");
    assert.deepEqual([response.status, response.body], [403, { error: "An admin cannot remove their own ADMIN role" }]);
    assert.deepEqual(await rolesOf(admin.userId), ["CLIENT", "ADMIN"]);
  });

  test("an ADMIN cannot change a SUPERUSER nor grant SUPERUSER", async () => {
    const admin = await newAdmin();
    const user = await registerAndLogin(t.http);
    assert.equal((await promote(admin.token, superuser.userId, "STAFF")).status, 403);
    assert.equal((await demote(admin.token, superuser.userId, "SUPERUSER")).status, 403);
    assert.equal((await promote(admin.token, user.userId, "SUPERUSER")).status, 403);
    assert.deepEqual(await rolesOf(superuser.userId), ["SUPERUSER"]);
    assert.deepEqual(await rolesOf(user.userId), ["CLIENT"]);
  });

  test("the initial SUPERUSER cannot be demoted, even by another SUPERUSER", async () => {
    const second = await registerAndLogin(t.http);
    await promote(superuser.token, second.userId, "SUPERUSER");
    await promote(superuser.token, superuser.userId, "ADMIN");
    const response = await demote(second.token, superuser.userId, "SUPERUSER");
    assert.deepEqual([response.status, response.body], [403, { error: "The initial SUPERUSER cannot be demoted" }]);
    assert.deepEqual(await rolesOf(superuser.userId), ["SUPERUSER", "ADMIN"]);
    assert.equal((await demote(superuser.token, second.userId, "SUPERUSER")).status, 200);
  });

  test("the initial SUPERUSER's account cannot be deleted, even by the database's own users", async () => {
    await assert.rejects(t.platform.runtime.db.prisma.user.delete({ where: { id: superuser.userId } }));
    assert.ok(await t.platform.runtime.db.prisma.user.findUnique({ where: { id: superuser.userId } }));
  });

  test("a CLIENT or STAFF cannot change roles", async () => {
    const client = await registerAndLogin(t.http);
    const staff = await registerAndLogin(t.http);
    await promote(superuser.token, staff.userId, "STAFF");
    assert.equal((await promote(client.token, client.userId, "ADMIN")).status, 403);
    assert.equal((await promote(staff.token, staff.userId, "ADMIN")).status, 403);
    assert.deepEqual(await rolesOf(client.userId), ["CLIENT"]);
  });

  test("unknown users, duplicate and absent roles, bad input", async () => {
    const user = await registerAndLogin(t.http);
    assert.deepEqual((await promote(superuser.token, 999999, "STAFF")).body, { error: "User not found" });
    assert.equal((await promote(superuser.token, 999999, "STAFF")).status, 404);
    assert.equal((await promote(superuser.token, user.userId, "CLIENT")).status, 409);
    assert.equal((await demote(superuser.token, user.userId, "STAFF")).status, 409);
    assert.deepEqual((await promote(superuser.token, user.userId, "OWNER")).body, { field: "role", message: "role must be one of: CLIENT, STAFF, ADMIN, SUPERUSER" });
    assert.deepEqual((await promote(superuser.token, "abc", "STAFF")).body, { field: "userId", message: "userId must be an integer" });
    assert.equal((await promote(superuser.token, 0, "STAFF")).status, 400);
    assert.deepEqual((await promote(superuser.token, user.userId, undefined)).body, { field: "role", message: "role is required" });
    assert.deepEqual(await rolesOf(user.userId), ["CLIENT"]);
  });

  test("GraphQL: users is ADMIN-only; private fields of others are hidden from a CLIENT", async () => {
    const client = await registerAndLogin(t.http);
    const denied = await t.http.graphql(`{ users { id } }`, {}, client.token);
    assert.equal(denied.body.errors?.[0].extensions.code, "FORBIDDEN");
    const other = await t.http.graphql(`query($id: Int!) { user(id: $id) { id name email } }`, { id: superuser.userId }, client.token);
    assert.equal(other.body.errors?.[0].extensions.code, "FORBIDDEN");
    assert.deepEqual(other.body.errors?.[0].path, ["user", "email"]);
    assert.deepEqual(other.body.data.user, { id: superuser.userId, name: "Root", email: null });
    const self = await t.http.graphql(`query($id: Int!) { user(id: $id) { id email } }`, { id: client.userId }, client.token);
    assert.equal(self.body.data.user.email, client.email);
    const promoted = await t.http.graphql(
      `mutation($id: Int!) { promoteRole(userId: $id, role: STAFF) { message } }`,
      { id: client.userId },
      superuser.token,
    );
    assert.equal(promoted.body.data.promoteRole.message, `Role STAFF granted to user ${client.userId}`);
  });
});
