// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { telemetry } from "../../../lib/telemetry/hooks.js";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => {
  ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "work", "payments"]));
  const db = t.platform.runtime.db.prisma;
  for (let i = 0; i < 3; i++) {
    const project = await db.project.create({
      data: { name: `Full ${i}`, description: `About ${i}`, clientId: p.client.userId, startDate: new Date("2026-01-0" + (i + 1)), ipfsMetadataCid: null },
    });
    await db.task.createMany({
      data: [
        { projectId: project.id, title: `Low ${i}`, description: "later", priority: 1, estimatedHours: "2.50", dueDate: new Date("2026-03-01"), assigneeId: p.staff.userId },
        { projectId: project.id, title: `High ${i}`, status: "COMPLETED", completedAt: new Date("2026-02-01T10:00:00Z"), priority: 9, actualHours: "7.25" },
      ],
    });
  }
});
after(() => t.stop());

const TASK_FIELDS = "id projectId title description status assigneeId dueDate completedAt priority estimatedHours actualHours createdAt updatedAt";
const PROJECT_FIELDS = "id name description status clientId ipfsMetadataCid startDate endDate requestedById approvedById approvalStatus approvalDate rejectionReason createdAt updatedAt";

/** The SQL each query sent, through the tracing hook every statement passes. */
async function run(query: string): Promise<{ data: any; sql: string[] }> {
  const sql: string[] = [];
  telemetry.sql = (statement, execute) => (sql.push(statement ?? ""), execute());
  try {
    const response = await t.http.graphql(query, {}, p.staff.token);
    assert.equal(response.status, 200);
    assert.equal(response.body.errors, undefined, JSON.stringify(response.body.errors));
    return { data: response.body.data, sql };
  } finally {
    telemetry.sql = undefined;
  }
}

const columnsRead = (sql: string[], table: string) => {
  const statement = sql.find((text) => text.includes(`FROM "public"."${table}"`));
  assert.ok(statement, `no read of ${table} in ${sql.join("\n")}`);
  return [...statement.split(" FROM ")[0].matchAll(new RegExp(`"${table}"\\."(\\w+)"`, "g"))].map((match) => match[1]).sort();
};

const pick = (object: Record<string, unknown>, fields: string) => Object.fromEntries(fields.split(" ").map((field) => [field, object[field]]));

describe("lists of projects and their tasks read only the columns a query asks for", () => {
  test("a narrow query reads its columns (and the keys it needs), with the same answers as a full one", async () => {
    const full = await run(`{ projects { ${PROJECT_FIELDS} tasks { ${TASK_FIELDS} } } }`);
    assert.equal(columnsRead(full.sql, "tasks").length, TASK_FIELDS.split(" ").length);
    const narrow = await run(`{ projects { name client { id } tasks { title assignee { id } } } }`);
    assert.deepEqual(columnsRead(narrow.sql, "projects"), ["clientId", "id", "name"]);
    assert.deepEqual(columnsRead(narrow.sql, "tasks"), ["assigneeId", "id", "projectId", "title"]);
    assert.deepEqual(
      narrow.data.projects,
      full.data.projects.map((project: any) => ({
        name: project.name,
        client: project.clientId === null ? null : { id: project.clientId },
        tasks: project.tasks.map((task: any) => ({ title: task.title, assignee: task.assigneeId === null ? null : { id: task.assigneeId } })),
      })),
    );
  });

  test("fields reached through named and inline fragments and aliases are read, and aliases asking for different columns each get theirs", async () => {
    const full = await run(`{ projects { ${PROJECT_FIELDS} tasks { ${TASK_FIELDS} } } }`);
    const { data, sql } = await run(`
      query { projects { ...Dates ... on Project { label: name } brief: tasks { title } detail: tasks { ...TaskDetail } } }
      fragment Dates on Project { startDate endDate }
      fragment TaskDetail on Task { dueDate estimatedHours ... on Task { completedAt actualHours priority } }`);
    assert.deepEqual(columnsRead(sql, "projects"), ["endDate", "id", "name", "startDate"]);
    assert.equal(sql.filter((text) => text.includes(`FROM "public"."tasks"`)).length, 2, "one read per set of columns");
    assert.deepEqual(
      data.projects,
      full.data.projects.map((project: any) => ({
        startDate: project.startDate,
        endDate: project.endDate,
        label: project.name,
        brief: project.tasks.map((task: any) => ({ title: task.title })),
        detail: project.tasks.map((task: any) => pick(task, "dueDate estimatedHours completedAt actualHours priority")),
      })),
    );
    assert.ok(data.projects.some((project: any) => project.detail.some((task: any) => task.estimatedHours === "2.50" && task.dueDate === "2026-03-01")));
  });

  test("relation fields read the keys they follow, and a query asking no column still reads the key", async () => {
    const { data, sql } = await run(`{ projects { name tasks { title project { name } } } }`);
    assert.deepEqual(columnsRead(sql, "tasks"), ["id", "projectId", "title"]);
    assert.ok(data.projects.every((project: any) => project.tasks.every((task: any) => task.project.name === project.name)));
    const keys = await run(`{ projects { __typename workOrders { id } } }`);
    assert.deepEqual(columnsRead(keys.sql, "projects"), ["id"]);
    assert.equal(keys.data.projects.length, data.projects.length);
  });

  test("aliases asking many different sets of columns cannot multiply the statements: past four sets, whole rows", async () => {
    const columns = ["title", "description", "status", "dueDate", "priority", "completedAt", "estimatedHours", "actualHours"];
    const { data, sql } = await run(`{ projects { id ${columns.map((column, i) => `t${i}: tasks { ${column} }`).join(" ")} } }`);
    const taskReads = sql.filter((text) => text.includes(`FROM "public"."tasks"`));
    assert.ok(taskReads.length <= 5, `${taskReads.length} reads of tasks`);
    const full = await run(`{ projects { id tasks { ${TASK_FIELDS} } } }`);
    data.projects.forEach((project: any, p: number) =>
      columns.forEach((column, i) => assert.deepEqual(project[`t${i}`], full.data.projects[p].tasks.map((task: any) => ({ [column]: task[column] })))),
    );
  });
});
