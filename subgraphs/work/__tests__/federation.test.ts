// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { statementsFor } from "../../../testing/statements.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "work", "payments"])));
after(() => t.stop());

const PROJECTS_WITH_PEOPLE = `{ projects { id name client { name } tasks { title assignee { name } } } }`;

/** Adds `count` approved projects, each with a client and two assigned tasks, straight into the database. */
async function seedProjects(count: number) {
  const db = t.platform.runtime.db.prisma;
  const people = [p.client, p.otherClient, p.staff, p.admin];
  for (let i = 0; i < count; i++) {
    const project = await db.project.create({ data: { name: `Seeded ${i}`, clientId: people[i % 2].userId } });
    await db.task.createMany({
      data: [
        { projectId: project.id, title: `A${i}`, assigneeId: people[(i + 2) % 4].userId },
        { projectId: project.id, title: `B${i}`, assigneeId: people[(i + 3) % 4].userId },
      ],
    });
  }
}


describe("federation across accounts and work", () => {
  test("project people resolve to accounts users through the gateway", async () => {
    const created = await t.http.post(
      "/api/work/projects",
      { name: "Federated", clientId: p.client.userId },
      { token: p.staff.token },
    );
    await t.http.post("/api/work/tasks", { projectId: created.body.id, title: "Assigned", assigneeId: p.staff.userId }, { token: p.staff.token });
    const response = await t.http.graphql(
      `query($id: ID!) { project(id: $id) { client { id name email } requestedBy { name } approvedBy { name } tasks { assignee { name } } } }`,
      { id: created.body.id },
      p.staff.token,
    );
    assert.deepEqual(response.body.data.project, {
      client: { id: p.client.userId, name: "Cleo Client", email: p.client.email },
      requestedBy: { name: "Sam Staff" },
      approvedBy: { name: "Sam Staff" },
      tasks: [{ assignee: { name: "Sam Staff" } }],
    });
  });

  test("User.projects is contributed by work: the user themself sees theirs", async () => {
    const response = await t.http.graphql(`{ me { name projects { name client { id } } } }`, {}, p.client.token);
    assert.equal(response.body.data.me.name, "Cleo Client");
    assert.ok(response.body.data.me.projects.length > 0);
    assert.ok(response.body.data.me.projects.every((x: any) => x.client.id === p.client.userId));
    const others = await t.http.graphql(`query($id: Int!) { user(id: $id) { name projects { id } } }`, { id: p.otherClient.userId }, p.client.token);
    assert.equal(others.body.data.user.name, "Otto Other");
    assert.equal(others.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("50 projects with clients and assignees cost the same number of SQL statements as 5", async () => {
    await seedProjects(5);
    const small = await statementsFor(t, PROJECTS_WITH_PEOPLE, p.superuser.token);
    await seedProjects(45);
    const large = await statementsFor(t, PROJECTS_WITH_PEOPLE, p.superuser.token);
    assert.ok(large.data.projects.length >= 50, `${large.data.projects.length} projects`);
    assert.ok(large.data.projects.every((x: any) => x.client?.name && x.tasks.every((task: any) => !task.assignee || task.assignee.name)));
    assert.equal(large.statements, small.statements, `5 projects: ${small.statements} statements, 50: ${large.statements}`);
    // The projects, their tasks, and one read of users: the caller's check beside every client and assignee.
    assert.equal(large.statements, 3, `${large.statements} statements`);
    console.log(`# SQL statements: 5 projects → ${small.statements}, 50 projects → ${large.statements}`);
  });
});
