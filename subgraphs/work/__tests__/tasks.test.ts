// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerPeople, type People } from "../../../testing/people.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let project: { id: number };
let othersProject: { id: number };
before(async () => {
  t = await startTestPlatform({}, ["accounts", "work", "payments"]);
  p = await registerPeople(t.http);
  project = (await t.http.post(api("/projects"), { name: "P", clientId: p.client.userId }, { token: p.staff.token })).body;
  othersProject = (await t.http.post(api("/projects"), { name: "O", clientId: p.otherClient.userId }, { token: p.staff.token })).body;
});
after(() => t.stop());

function api(path: string) {
  return `/api/work${path}`;
}
const taskRows = () => t.platform.runtime.db.prisma.task.findMany({ orderBy: { id: "asc" } });

async function createTask(body: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/tasks"), { projectId: project.id, title: "Pour concrete", ...body }, { token: p.staff.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}
const put = (id: number, body: unknown) => t.http.request("PUT", api(`/tasks/${id}`), { token: p.staff.token, body });

describe("tasks", () => {
  test("staff create a task: TODO, priority 0, hours exact", async () => {
    const task = await createTask({ estimatedHours: 12.5, dueDate: "2026-06-30", assigneeId: p.staff.userId });
    assert.deepEqual(
      [task.status, task.priority, task.estimatedHours, task.actualHours, task.completedAt, task.dueDate, task.assigneeId],
      ["TODO", 0, "12.50", null, null, "2026-06-30", p.staff.userId],
    );
    const row = await t.platform.runtime.db.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    assert.equal(row.estimatedHours?.toString(), "12.5");
  });

  test("a CLIENT sees the tasks of their own projects only", async () => {
    const own = await createTask();
    const theirs = await createTask({ projectId: othersProject.id });
    const list = (await t.http.get(api("/tasks"), { token: p.client.token })).body.map((x: any) => x.id);
    assert.ok(list.includes(own.id) && !list.includes(theirs.id));
    assert.equal((await t.http.get(api(`/tasks/${own.id}`), { token: p.client.token })).status, 200);
    const denied = await t.http.get(api(`/tasks/${theirs.id}`), { token: p.client.token });
    assert.deepEqual([denied.status, denied.body], [403, { error: "Forbidden: you do not have access to this task" }]);
    const filtered = await t.http.get(api(`/tasks?project_id=${othersProject.id}`), { token: p.client.token });
    assert.equal(filtered.status, 403);
    assert.equal((await t.http.post(api("/tasks"), { projectId: project.id, title: "x" }, { token: p.client.token })).status, 403);
  });

  test("project_id filters; a bad one is a 400 naming project_id", async () => {
    const inOther = await createTask({ projectId: othersProject.id });
    const list = await t.direct("work").get(`/tasks?project_id=${othersProject.id}`, { token: p.staff.token });
    assert.ok(list.body.length > 0 && list.body.every((x: any) => x.projectId === othersProject.id));
    assert.ok(list.body.some((x: any) => x.id === inOther.id));
    for (const bad of ["abc", "-3", "0"]) {
      const response = await t.http.get(api(`/tasks?project_id=${bad}`), { token: p.staff.token });
      assert.deepEqual([response.status, response.body], [400, { field: "project_id", message: "Invalid project ID" }], bad);
    }
    assert.equal((await t.http.get(api("/tasks?project_id=999999"), { token: p.staff.token })).status, 404);
  });

  test("COMPLETED sets completedAt, staying keeps it, leaving clears it", async () => {
    const task = await createTask();
    const done = await put(task.id, { status: "COMPLETED" });
    assert.ok(done.body.completedAt);
    const again = await put(task.id, { ...done.body, title: "Renamed" });
    assert.equal(again.body.completedAt, done.body.completedAt);
    const reopened = await put(task.id, { status: "REVIEW" });
    assert.deepEqual([reopened.body.status, reopened.body.completedAt], ["REVIEW", null]);
    const createdDone = await createTask({ status: "COMPLETED" });
    assert.ok(createdDone.completedAt);
  });

  test("PUT accepts the GET representation; read-only fields are ignored", async () => {
    const task = await createTask({ priority: 3 });
    const fetched = (await t.http.get(api(`/tasks/${task.id}`), { token: p.staff.token })).body;
    const response = await put(task.id, { ...fetched, actualHours: "4.25", id: 1, createdAt: "2000-01-01T00:00:00Z", completedAt: "2000-01-01T00:00:00Z" });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.id, response.body.actualHours, response.body.completedAt, response.body.priority], [task.id, "4.25", null, 3]);
    assert.equal(response.body.createdAt, fetched.createdAt);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a missing title", { title: undefined }, "title"],
    ["a missing projectId", { projectId: undefined }, "projectId"],
    ["a projectId that is a string", { projectId: "1" }, "projectId"],
    ["a negative projectId", { projectId: -1 }, "projectId"],
    ["a 256-character title", { title: "t".repeat(256) }, "title"],
    ["an unknown status", { status: "DONE" }, "status"],
    ["hours with three decimals", { estimatedHours: 1.005 }, "estimatedHours"],
    ["negative hours", { estimatedHours: -1 }, "estimatedHours"],
    ["hours beyond 999.99", { estimatedHours: 1000 }, "estimatedHours"],
    ["hours that are text", { estimatedHours: "abc" }, "estimatedHours"],
    ["a priority beyond 32 bits", { priority: 2 ** 40 }, "priority"],
    ["a bad due date", { dueDate: "tomorrow" }, "dueDate"],
  ];
  for (const [what, body, field] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await taskRows();
      const response = await t.http.post(api("/tasks"), { projectId: project.id, title: "T", ...body }, { token: p.staff.token });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.field, field);
      assert.deepEqual(await taskRows(), before);
    });
  }

  test("a task for a missing project is a 404; missing tasks are 404; bad ids 400", async () => {
    const before = await taskRows();
    const response = await t.http.post(api("/tasks"), { projectId: 999999, title: "T" }, { token: p.staff.token });
    assert.deepEqual([response.status, response.body], [404, { error: "Project not found" }]);
    assert.deepEqual((await t.http.get(api("/tasks/999999"), { token: p.staff.token })).body, { error: "Task not found" });
    assert.deepEqual((await t.http.get(api("/tasks/x"), { token: p.staff.token })).body, { field: "id", message: "Invalid task ID" });
    assert.equal((await put(999999, { title: "x" })).status, 404);
    assert.deepEqual(await taskRows(), before);
  });

  test("DELETE: staff only, 204 then 404", async () => {
    const task = await createTask();
    assert.equal((await t.http.request("DELETE", api(`/tasks/${task.id}`), { token: p.client.token })).status, 403);
    assert.equal((await t.http.request("DELETE", api(`/tasks/${task.id}`), { token: p.staff.token })).status, 204);
    assert.equal((await t.http.request("DELETE", api(`/tasks/${task.id}`), { token: p.staff.token })).status, 404);
  });

  test("GraphQL: tasks of a project with their project", async () => {
    const task = await createTask({ title: "Graph task" });
    const response = await t.http.graphql(
      `query($id: ID!) { tasks(projectId: $id) { id title project { id name } } }`,
      { id: project.id },
      p.client.token,
    );
    const found = response.body.data.tasks.find((x: any) => x.id === task.id);
    assert.deepEqual(found, { id: task.id, title: "Graph task", project: { id: project.id, name: "P" } });
  });
});
