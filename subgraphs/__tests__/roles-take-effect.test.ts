// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { QUIET_DATABASE, startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople(QUIET_DATABASE)));
after(() => t.stop());

/** The first error code of a GraphQL answer, or `ok` when there is none. */
async function outcome(query: string, token: string): Promise<string> {
  const response = await t.http.graphql(query, {}, token);
  return response.body.errors?.[0]?.extensions?.code ?? "ok";
}

const STAFF_OPERATIONS = {
  work: `{ pendingProjects { id } }`,
  payments: `mutation { deleteInvoice(id: "987654") { id } }`,
};
const ADMIN_OPERATION = `mutation { setTeamPlan(teamId: "Tnope", plan: pro) { plan } }`;

async function changeRole(change: "promote" | "demote", userId: number, role: string): Promise<void> {
  const response = await t.http.post(`/api/auth/admin/users/${change}-role`, { userId, role }, { token: p.superuser.token });
  assert.equal(response.status, 200, response.text);
}

describe("roles take effect at once, whatever a token issued earlier says", () => {
  test("a demoted STAFF member's old token is refused for staff operations in work and payments, on GraphQL and REST", async () => {
    const oldToken = p.staff.token;
    assert.equal(await outcome(STAFF_OPERATIONS.work, oldToken), "ok");
    assert.equal(await outcome(STAFF_OPERATIONS.payments, oldToken), "NOT_FOUND");
    assert.equal((await t.http.get("/api/work/workorders", { token: oldToken })).status, 200);

    await changeRole("demote", p.staff.userId, "STAFF");

    assert.equal(await outcome(STAFF_OPERATIONS.work, oldToken), "FORBIDDEN");
    assert.equal(await outcome(STAFF_OPERATIONS.payments, oldToken), "FORBIDDEN");
    assert.equal((await t.http.get("/api/work/workorders", { token: oldToken })).status, 403);
    assert.equal((await t.http.get("/api/work/projects/pending", { token: oldToken })).status, 403);
    const me = await t.http.graphql(`{ me { roles } }`, {}, oldToken);
    assert.deepEqual(me.body.data.me.roles, ["CLIENT"], "the token still signs the user in, with the roles they hold now");
  });

  test("a demoted ADMIN's old token is refused for admin operations in identity and accounts", async () => {
    const oldToken = p.admin.token;
    assert.equal(await outcome(ADMIN_OPERATION, oldToken), "NOT_FOUND");

    await changeRole("demote", p.admin.userId, "ADMIN");

    assert.equal(await outcome(ADMIN_OPERATION, oldToken), "FORBIDDEN");
    const promote = await t.http.post("/api/auth/admin/users/promote-role", { userId: p.client.userId, role: "STAFF" }, { token: oldToken });
    assert.equal(promote.status, 403, promote.text);
  });

  test("a promotion opens the staff operations to the token the user already holds", async () => {
    const oldToken = p.otherClient.token;
    assert.equal(await outcome(STAFF_OPERATIONS.work, oldToken), "FORBIDDEN");
    await changeRole("promote", p.otherClient.userId, "STAFF");
    assert.equal(await outcome(STAFF_OPERATIONS.work, oldToken), "ok");
    await changeRole("demote", p.otherClient.userId, "STAFF");
    assert.equal(await outcome(STAFF_OPERATIONS.work, oldToken), "FORBIDDEN", "demoted again: the copy each process keeps is dropped on every change");
  });

  test("many requests in parallel right after a demotion: none of them passes", async () => {
    await changeRole("promote", p.client.userId, "STAFF");
    assert.equal(await outcome(STAFF_OPERATIONS.work, p.client.token), "ok");
    await changeRole("demote", p.client.userId, "STAFF");
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcome(STAFF_OPERATIONS.work, p.client.token)));
    assert.deepEqual(new Set(outcomes), new Set(["FORBIDDEN"]));
  });
});
