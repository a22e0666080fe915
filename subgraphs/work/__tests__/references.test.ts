// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let project: { id: number };
const NO_ONE = 999_999;
before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "work"]));
  project = (await t.http.post("/api/work/projects", { name: "Bridge", clientId: p.client.userId }, { token: p.staff.token })).body;
});
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;
const api = (path: string) => `/api/work${path}`;
const asStaff = (method: string, path: string, body: unknown) => t.http.request(method, api(path), { token: p.staff.token, body });
const counts = async () => [await db().project.count(), await db().task.count(), await db().workOrder.count()];
const unknownUser = (field: string) => ({ field, message: "no user has this id" });

/** The request is refused with 400 naming `field`, and no project, task or work order was written. */
async function refusedNamingField(send: () => Promise<{ status: number; body: unknown }>, field: string) {
  const before = await counts();
  const response = await send();
  assert.deepEqual([response.status, response.body], [400, unknownUser(field)]);
  assert.deepEqual(await counts(), before, "nothing was created");
}

describe("work records point only at users that exist (REST)", () => {
  test("a project for an unknown client is refused; creating or updating one", async () => {
    await refusedNamingField(() => asStaff("POST", "/projects", { name: "Ghost", clientId: NO_ONE }), "clientId");
    const response = await asStaff("PUT", `/projects/${project.id}`, { clientId: NO_ONE });
    assert.deepEqual([response.status, response.body], [400, unknownUser("clientId")]);
    assert.equal((await db().project.findUniqueOrThrow({ where: { id: project.id } })).clientId, p.client.userId, "unchanged");
    assert.equal((await asStaff("POST", "/projects", { name: "Real", clientId: p.otherClient.userId })).status, 201);
  });

  test("a task for an unknown assignee is refused; creating or updating one", async () => {
    await refusedNamingField(() => asStaff("POST", "/tasks", { projectId: project.id, title: "Ghost", assigneeId: NO_ONE }), "assigneeId");
    const task = (await asStaff("POST", "/tasks", { projectId: project.id, title: "Real", assigneeId: p.staff.userId })).body;
    const response = await asStaff("PUT", `/tasks/${task.id}`, { assigneeId: NO_ONE });
    assert.deepEqual([response.status, response.body], [400, unknownUser("assigneeId")]);
    assert.equal((await db().task.findUniqueOrThrow({ where: { id: task.id } })).assigneeId, p.staff.userId, "unchanged");
  });

  test("a work order by an unknown creator is refused, in the documented field name (createdBy)", async () => {
    await refusedNamingField(() => asStaff("POST", "/workorders", { projectId: project.id, title: "Ghost", orderNumber: "WO-GHOST", createdBy: NO_ONE }), "createdBy");
    assert.equal((await asStaff("POST", "/workorders", { projectId: project.id, title: "Real", orderNumber: "WO-REAL", createdBy: p.admin.userId })).status, 201);
  });

  test("ids out of range are the same clear 400, never a 500", async () => {
    for (const clientId of [0, -4, 2 ** 31, 1.5, "12", { id: 1 }]) {
      const before = await counts();
      const response = await asStaff("POST", "/projects", { name: "Odd", clientId });
      assert.equal(response.status, 400, JSON.stringify(clientId));
      assert.equal(response.body.field, "clientId");
      assert.deepEqual(await counts(), before);
    }
  });

  test("records that already point at a missing user keep working: their GET body goes back unchanged", async () => {
    const legacy = await db().project.create({ data: { name: "Legacy", clientId: NO_ONE, approvalStatus: "APPROVED" } });
    const legacyTask = await db().task.create({ data: { projectId: legacy.id, title: "Old", assigneeId: NO_ONE } });
    const projectBody = (await t.http.get(api(`/projects/${legacy.id}`), { token: p.staff.token })).body;
    const updated = await asStaff("PUT", `/projects/${legacy.id}`, { ...projectBody, name: "Legacy, renamed" });
    assert.deepEqual([updated.status, updated.body.clientId, updated.body.name], [200, NO_ONE, "Legacy, renamed"]);
    const taskBody = (await t.http.get(api(`/tasks/${legacyTask.id}`), { token: p.staff.token })).body;
    const updatedTask = await asStaff("PUT", `/tasks/${legacyTask.id}`, { ...taskBody, title: "Old, renamed" });
    assert.deepEqual([updatedTask.status, updatedTask.body.assigneeId], [200, NO_ONE]);
    const cleared = await asStaff("PUT", `/tasks/${legacyTask.id}`, { assigneeId: null });
    assert.deepEqual([cleared.status, cleared.body.assigneeId], [200, null]);
  });
});

describe("work records point only at users that exist (GraphQL)", () => {
  const refusedInGraph = async (query: string, variables: Record<string, unknown>, field: string) => {
    const before = await counts();
    const response = await t.http.graphql(query, variables, p.staff.token);
    const error = response.body.errors?.[0];
    assert.deepEqual([error?.extensions.code, error?.extensions.field, error?.message], ["BAD_USER_INPUT", field, "no user has this id"]);
    assert.equal(response.body.data, null);
    assert.deepEqual(await counts(), before, "nothing was created");
  };

  test("createProject, updateProject, createTask, createWorkOrder", async () => {
    await refusedInGraph(`mutation($i: ProjectInput!) { createProject(input: $i) { id } }`, { i: { name: "G", clientId: NO_ONE } }, "clientId");
    await refusedInGraph(`mutation($id: ID!, $i: ProjectInput!) { updateProject(id: $id, input: $i) { id } }`, { id: project.id, i: { clientId: NO_ONE } }, "clientId");
    await refusedInGraph(`mutation($i: TaskInput!) { createTask(input: $i) { id } }`, { i: { projectId: project.id, title: "G", assigneeId: NO_ONE } }, "assigneeId");
    await refusedInGraph(
      `mutation($i: WorkOrderInput!) { createWorkOrder(input: $i) { id } }`,
      { i: { projectId: project.id, title: "G", orderNumber: "WO-G", createdById: NO_ONE } },
      "createdById",
    );
  });
});
