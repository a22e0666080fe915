// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"])));
after(() => t.stop());

const CID_V0 = "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG";
const CID_V1 = "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";
const api = (path: string) => `/api/work${path}`;
const projectRows = () => t.platform.runtime.db.prisma.project.findMany({ orderBy: { id: "asc" } });

async function createProject(body: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/projects"), { name: "Bridge", clientId: p.client.userId, ...body }, { token: p.staff.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe("projects", () => {
  test("staff create a project: 201, PLANNING, approved, the creator as requester and approver", async () => {
    const project = await createProject({ description: "Span", startDate: "2026-01-05", endDate: "2026-03-01", ipfsMetadataCid: CID_V0 });
    assert.equal(project.status, "PLANNING");
    assert.equal(project.approvalStatus, "APPROVED");
    assert.equal(project.requestedBy, p.staff.userId);
    assert.equal(project.approvedBy, p.staff.userId);
    assert.equal(project.clientId, p.client.userId);
    assert.equal(project.startDate, "2026-01-05");
    assert.equal(project.endDate, "2026-03-01");
    assert.equal(project.ipfsMetadataCid, CID_V0);
    assert.deepEqual(
      Object.keys(project).sort(),
      ["approvalDate", "approvalStatus", "approvedBy", "clientId", "createdAt", "description", "endDate", "id", "ipfsMetadataCid",
        "name", "rejectionReason", "requestedBy", "startDate", "status", "updatedAt"].sort(),
    );
  });

  test("a CLIENT cannot create, update status or delete", async () => {
    const before = await projectRows();
    const created = await t.http.post(api("/projects"), { name: "Mine" }, { token: p.client.token });
    assert.deepEqual([created.status, created.body], [403, { error: "Insufficient permissions" }]);
    const project = await createProject();
    const deleted = await t.http.request("DELETE", api(`/projects/${project.id}`), { token: p.client.token });
    assert.deepEqual([deleted.status, deleted.body], [403, { error: "Insufficient permissions" }]);
    assert.equal((await projectRows()).length, before.length + 1);
  });

  test("GET /projects: approved only; a CLIENT sees their own", async () => {
    const own = await createProject({ name: "Own" });
    const theirs = await createProject({ name: "Theirs", clientId: p.otherClient.userId });
    const request = await t.http.post(api("/project-requests"), { name: "Pending", description: "d" }, { token: p.client.token });
    const clientView = (await t.http.get(api("/projects"), { token: p.client.token })).body.map((x: any) => x.id);
    assert.ok(clientView.includes(own.id));
    assert.ok(!clientView.includes(theirs.id));
    assert.ok(!clientView.includes(request.body.id));
    const staffView = (await t.http.get(api("/projects"), { token: p.staff.token })).body.map((x: any) => x.id);
    assert.ok(staffView.includes(own.id) && staffView.includes(theirs.id) && !staffView.includes(request.body.id));
    assert.equal((await t.http.get(api("/projects"))).status, 401);
  });

  test("GET /projects/{id}: owner, requester or staff; others 403; missing 404; bad ids 400", async () => {
    const project = await createProject();
    assert.equal((await t.http.get(api(`/projects/${project.id}`), { token: p.client.token })).status, 200);
    assert.equal((await t.direct("work").get(`/projects/${project.id}`, { token: p.admin.token })).status, 200);
    const other = await t.http.get(api(`/projects/${project.id}`), { token: p.otherClient.token });
    assert.deepEqual([other.status, other.body], [403, { error: "Forbidden: you do not have access to this project" }]);
    const missing = await t.http.get(api("/projects/999999"), { token: p.staff.token });
    assert.deepEqual([missing.status, missing.body], [404, { error: "Project not found" }]);
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const response = await t.http.get(api(`/projects/${bad}`), { token: p.staff.token });
      assert.deepEqual([response.status, response.body], [400, { field: "id", message: "Invalid project ID" }], bad);
    }
  });

  test("PUT accepts the representation GET returned; read-only fields are ignored", async () => {
    const project = await createProject();
    const fetched = (await t.http.get(api(`/projects/${project.id}`), { token: p.staff.token })).body;
    const edited = { ...fetched, name: "Renamed", status: "IN_PROGRESS", id: 424242, createdAt: "1999-01-01T00:00:00Z", approvedBy: 1 };
    const response = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.staff.token, body: edited });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.id, project.id);
    assert.equal(response.body.name, "Renamed");
    assert.equal(response.body.status, "IN_PROGRESS");
    assert.equal(response.body.createdAt, fetched.createdAt);
    assert.equal(response.body.approvedBy, p.staff.userId);
  });

  test("the project's client may update it, but not its status or client", async () => {
    const project = await createProject();
    const fetched = (await t.http.get(api(`/projects/${project.id}`), { token: p.client.token })).body;
    const roundTrip = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.client.token, body: { ...fetched, description: "by client" } });
    assert.deepEqual([roundTrip.status, roundTrip.body.description], [200, "by client"]);
    const status = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.client.token, body: { status: "COMPLETED" } });
    assert.equal(status.status, 403);
    const handOver = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.client.token, body: { clientId: p.otherClient.userId } });
    assert.equal(handOver.status, 403);
    const stranger = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.otherClient.token, body: { name: "x" } });
    assert.equal(stranger.status, 403);
    const row = await t.platform.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    assert.deepEqual([row.status, row.clientId, row.name], ["PLANNING", p.client.userId, "Bridge"]);
  });

  test("DELETE by staff: 204, its tasks go too; again 404", async () => {
    const project = await createProject();
    await t.http.post(api("/tasks"), { projectId: project.id, title: "T" }, { token: p.staff.token });
    const deleted = await t.http.request("DELETE", api(`/projects/${project.id}`), { token: p.staff.token });
    assert.deepEqual([deleted.status, deleted.text], [204, ""]);
    assert.equal(await t.platform.runtime.db.prisma.task.count({ where: { projectId: project.id } }), 0);
    assert.equal((await t.http.request("DELETE", api(`/projects/${project.id}`), { token: p.staff.token })).status, 404);
  });

  test("CIDs v0 and v1 are accepted; anything else is a 400", async () => {
    assert.equal((await createProject({ ipfsMetadataCid: CID_V1 })).ipfsMetadataCid, CID_V1);
    const bad = await t.http.post(api("/projects"), { name: "X", ipfsMetadataCid: "QmNotACid" }, { token: p.staff.token });
    assert.deepEqual([bad.status, bad.body], [400, { field: "ipfsMetadataCid", message: "ipfsMetadataCid is not a valid content identifier (CID)" }]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a missing name", { description: "x" }, "name"],
    ["a blank name", { name: "  " }, "name"],
    ["a 256-character name", { name: "n".repeat(256) }, "name"],
    ["an unknown status", { name: "x", status: "FINISHED" }, "status"],
    ["PENDING_APPROVAL set directly", { name: "x", status: "PENDING_APPROVAL" }, "status"],
    ["a clientId that is a string", { name: "x", clientId: "7" }, "clientId"],
    ["a negative clientId", { name: "x", clientId: -7 }, "clientId"],
    ["an impossible date", { name: "x", startDate: "2026-02-30" }, "startDate"],
    ["a date in another format", { name: "x", startDate: "05/01/2026" }, "startDate"],
    ["an end before the start", { name: "x", startDate: "2026-05-01", endDate: "2026-04-01" }, "endDate"],
    ["a name that is a number", { name: 42 }, "name"],
  ];
  for (const [what, body, field] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await projectRows();
      const response = await t.http.post(api("/projects"), body, { token: p.staff.token });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.field, field);
      assert.equal(typeof response.body.message, "string");
      assert.deepEqual(await projectRows(), before);
    });
  }

  test("a bad update changes nothing", async () => {
    const project = await createProject();
    const before = await projectRows();
    for (const body of [{ name: null }, { status: "DONE" }, { endDate: "2020-01-01", startDate: "2021-01-01" }, { ipfsMetadataCid: "x" }]) {
      const response = await t.http.request("PUT", api(`/projects/${project.id}`), { token: p.staff.token, body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await projectRows(), before);
  });

  test("GraphQL: the same operations and errors", async () => {
    const created = await t.http.graphql(
      `mutation($input: ProjectInput!) { createProject(input: $input) { id status requestedById } }`,
      { input: { name: "Graph", clientId: p.client.userId } },
      p.staff.token,
    );
    assert.equal(created.body.data.createProject.status, "PLANNING");
    const { id } = created.body.data.createProject;
    const mine = await t.http.graphql(`query($id: ID!) { project(id: $id) { name } }`, { id }, p.client.token);
    assert.equal(mine.body.data.project.name, "Graph");
    const denied = await t.http.graphql(`query($id: ID!) { project(id: $id) { name } }`, { id }, p.otherClient.token);
    assert.equal(denied.body.errors?.[0].extensions.code, "FORBIDDEN");
    const bad = await t.http.graphql(`query { project(id: "x") { name } }`, {}, p.staff.token);
    assert.deepEqual([bad.body.errors?.[0].message, bad.body.errors?.[0].extensions.http.status], ["Invalid project ID", 400]);
  });
});
