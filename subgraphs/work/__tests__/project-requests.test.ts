// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"])));
after(() => t.stop());

const api = (path: string) => `/api/work${path}`;
const rows = () => t.platform.runtime.db.prisma.project.findMany({ orderBy: { id: "asc" } });

async function request(token = p.client.token, name = "New site") {
  const response = await t.http.post(api("/project-requests"), { name, description: "Please build it" }, { token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}
const review = (id: number | string, body: unknown, token = p.staff.token) =>
  t.http.post(api(`/projects/approve/${id}`), body, { token });

describe("project requests and approval", () => {
  test("any signed-in user requests a project: PENDING_APPROVAL / PENDING, caller as client and requester", async () => {
    const created = await request();
    assert.deepEqual(
      [created.status, created.approvalStatus, created.clientId, created.requestedBy, created.approvedBy, created.approvalDate],
      ["PENDING_APPROVAL", "PENDING", p.client.userId, p.client.userId, null, null],
    );
    const mine = await t.http.get(api("/project-requests"), { token: p.client.token });
    assert.ok(mine.body.some((x: any) => x.id === created.id));
    const others = await t.http.get(api("/project-requests"), { token: p.otherClient.token });
    assert.ok(!others.body.some((x: any) => x.id === created.id));
  });

  test("name and description are required", async () => {
    const before = await rows();
    for (const [body, field] of [[{ description: "d" }, "name"], [{ name: "n" }, "description"], [{ name: "n", description: " " }, "description"]] as const) {
      const response = await t.http.post(api("/project-requests"), body, { token: p.client.token });
      assert.deepEqual([response.status, response.body.field], [400, field]);
    }
    assert.equal((await t.http.post(api("/project-requests"), { name: "n", description: "d" })).status, 401);
    assert.deepEqual(await rows(), before);
  });

  test("a request is readable by its requester and staff only", async () => {
    const created = await request();
    assert.equal((await t.http.get(api(`/project-requests/${created.id}`), { token: p.client.token })).status, 200);
    assert.equal((await t.http.get(api(`/project-requests/${created.id}`), { token: p.staff.token })).status, 200);
    assert.equal((await t.http.get(api(`/project-requests/${created.id}`), { token: p.otherClient.token })).status, 403);
    const missing = await t.http.get(api("/project-requests/999999"), { token: p.client.token });
    assert.deepEqual([missing.status, missing.body], [404, { error: "Project request not found" }]);
  });

  test("only the requester cancels, only while pending", async () => {
    const created = await request();
    const stranger = await t.http.request("DELETE", api(`/project-requests/${created.id}`), { token: p.otherClient.token });
    assert.equal(stranger.status, 403);
    const byStaff = await t.http.request("DELETE", api(`/project-requests/${created.id}`), { token: p.staff.token });
    assert.equal(byStaff.status, 403);
    const cancelled = await t.http.request("DELETE", api(`/project-requests/${created.id}`), { token: p.client.token });
    assert.deepEqual([cancelled.status, cancelled.text], [204, ""]);
    assert.equal((await t.http.request("DELETE", api(`/project-requests/${created.id}`), { token: p.client.token })).status, 404);
    const processed = await request();
    assert.equal((await review(processed.id, { action: "approve" })).status, 200);
    const late = await t.http.request("DELETE", api(`/project-requests/${processed.id}`), { token: p.client.token });
    assert.deepEqual([late.status, late.body], [403, { error: "Cannot cancel: request has already been processed" }]);
  });

  test("pending list is for staff", async () => {
    const created = await request();
    const pending = await t.http.get(api("/projects/pending"), { token: p.staff.token });
    assert.ok(pending.body.some((x: any) => x.id === created.id && x.status === "PENDING_APPROVAL"));
    assert.equal((await t.http.get(api("/projects/pending"), { token: p.client.token })).status, 403);
  });

  test("approve: PLANNING / APPROVED, approver and date set; it then appears in GET /projects", async () => {
    const created = await request();
    const response = await review(created.id, { action: "approve" });
    assert.equal(response.status, 200);
    assert.equal(response.body.message, "Project approved successfully");
    const project = response.body.project;
    assert.deepEqual([project.status, project.approvalStatus, project.approvedBy], ["PLANNING", "APPROVED", p.staff.userId]);
    assert.ok(Math.abs(Date.parse(project.approvalDate) - Date.now()) < 60_000);
    const visible = await t.http.get(api("/projects"), { token: p.client.token });
    assert.ok(visible.body.some((x: any) => x.id === created.id));
  });

  test("reject needs a reason: CANCELLED / REJECTED with the reason kept", async () => {
    const created = await request();
    const noReason = await review(created.id, { action: "reject" });
    assert.deepEqual([noReason.status, noReason.body], [400, { field: "reason", message: "Rejection reason is required" }]);
    const rejected = await review(created.id, { action: "reject", reason: "Out of scope" });
    assert.equal(rejected.status, 200);
    assert.deepEqual(
      [rejected.body.project.status, rejected.body.project.approvalStatus, rejected.body.project.rejectionReason],
      ["CANCELLED", "REJECTED", "Out of scope"],
    );
  });

  test("documented errors: invalid action, not pending, missing, not staff", async () => {
    const created = await request();
    const invalid = await review(created.id, { action: "maybe" });
    assert.deepEqual([invalid.status, invalid.body.message], [400, "Invalid action. Must be 'approve' or 'reject'"]);
    await review(created.id, { action: "approve" });
    const again = await review(created.id, { action: "reject", reason: "late" });
    assert.deepEqual([again.status, again.body], [400, { error: "Project is not pending approval" }]);
    assert.deepEqual((await review(999999, { action: "approve" })).body, { error: "Project not found" });
    assert.equal((await review(999999, { action: "approve" })).status, 404);
    const other = await request();
    assert.equal((await review(other.id, { action: "approve" }, p.client.token)).status, 403);
    const row = await t.platform.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: other.id } });
    assert.equal(row.approvalStatus, "PENDING");
  });

  test("concurrent approve and reject: exactly one decision wins", async () => {
    const created = await request();
    const [a, b] = await Promise.all([review(created.id, { action: "approve" }), review(created.id, { action: "reject", reason: "no" })]);
    assert.deepEqual([a.status, b.status].sort(), [200, 400]);
  });

  test("GraphQL: request, review and list", async () => {
    const made = await t.http.graphql(
      `mutation { createProjectRequest(input: { name: "G", description: "D" }) { id status approvalStatus } }`,
      {},
      p.client.token,
    );
    const { id } = made.body.data.createProjectRequest;
    const reviewed = await t.http.graphql(
      `mutation($id: ID!) { reviewProject(id: $id, action: "approve") { message project { status approvedBy { id } } } }`,
      { id },
      p.admin.token,
    );
    assert.deepEqual(reviewed.body.data.reviewProject.project, { status: "PLANNING", approvedBy: { id: p.admin.userId } });
    const mine = await t.http.graphql(`{ projectRequests { id approvalStatus } }`, {}, p.client.token);
    assert.ok(mine.body.data.projectRequests.some((x: any) => x.id === id && x.approvalStatus === "APPROVED"));
  });
});
