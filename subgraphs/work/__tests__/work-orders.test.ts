// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerPeople, type People } from "../../../testing/people.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let project: { id: number };
let counter = 0;
before(async () => {
  t = await startTestPlatform({}, ["accounts", "work", "payments"]);
  p = await registerPeople(t.http);
  project = (await t.http.post(api("/projects"), { name: "P", clientId: p.client.userId }, { token: p.staff.token })).body;
});
after(() => t.stop());

function api(path: string) {
  return `/api/work${path}`;
}
const orderNumber = () => `WO-${process.pid}-${++counter}`;
const rows = () => t.platform.runtime.db.prisma.workOrder.findMany({ orderBy: { id: "asc" } });
const CID = "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";

async function createOrder(body: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/workorders"), { projectId: project.id, title: "Survey", orderNumber: orderNumber(), ...body }, { token: p.staff.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe("work orders", () => {
  test("staff create one: the creator by default, or the given createdBy", async () => {
    const order = await createOrder({ ipfsDocumentCid: CID, description: "Site survey" });
    assert.deepEqual([order.createdBy, order.ipfsDocumentCid, order.projectId], [p.staff.userId, CID, project.id]);
    assert.deepEqual(Object.keys(order).sort(), ["createdAt", "createdBy", "description", "id", "ipfsDocumentCid", "orderNumber", "projectId", "title", "updatedAt"]);
    assert.equal((await createOrder({ createdBy: p.admin.userId })).createdBy, p.admin.userId);
  });

  test("a CLIENT has no access to work orders at all", async () => {
    const order = await createOrder();
    const before = await rows();
    for (const [method, path, body] of [
      ["GET", "/workorders", undefined],
      ["GET", `/workorders/${order.id}`, undefined],
      ["POST", "/workorders", { projectId: project.id, title: "x", orderNumber: orderNumber() }],
      ["PUT", `/workorders/${order.id}`, { title: "x" }],
      ["DELETE", `/workorders/${order.id}`, undefined],
    ] as const) {
      const response = await t.http.request(method, api(path), { token: p.client.token, body });
      assert.deepEqual([response.status, response.body], [403, { error: "Insufficient permissions" }], `${method} ${path}`);
    }
    assert.deepEqual(await rows(), before);
    const graph = await t.http.graphql(`query($id: ID!) { project(id: $id) { workOrders { id } } }`, { id: project.id }, p.client.token);
    assert.equal(graph.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("order numbers are unique: 409 on create and on update", async () => {
    const first = await createOrder();
    const second = await createOrder();
    const before = await rows();
    const duplicate = await t.http.post(api("/workorders"), { projectId: project.id, title: "x", orderNumber: first.orderNumber }, { token: p.staff.token });
    assert.deepEqual([duplicate.status, duplicate.body], [409, { error: "Work order number already exists" }]);
    const renumber = await t.http.request("PUT", api(`/workorders/${second.id}`), { token: p.staff.token, body: { orderNumber: first.orderNumber } });
    assert.deepEqual([renumber.status, renumber.body], [409, { error: "Work order number already exists" }]);
    assert.deepEqual(await rows(), before);
  });

  test("concurrent creates with one number: one 201, the rest 409", async () => {
    const number = orderNumber();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.http.post(api("/workorders"), { projectId: project.id, title: "x", orderNumber: number }, { token: p.staff.token })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a missing title", { title: undefined }, "title"],
    ["a missing projectId", { projectId: undefined }, "projectId"],
    ["a missing orderNumber", { orderNumber: undefined }, "orderNumber"],
    ["a 51-character orderNumber", { orderNumber: "n".repeat(51) }, "orderNumber"],
    ["an invalid CID", { ipfsDocumentCid: "not-a-cid" }, "ipfsDocumentCid"],
    ["a createdBy that is text", { createdBy: "me" }, "createdBy"],
  ];
  for (const [what, body, field] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await rows();
      const response = await t.http.post(api("/workorders"), { projectId: project.id, title: "T", orderNumber: orderNumber(), ...body }, { token: p.staff.token });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.field, field);
      assert.deepEqual(await rows(), before);
    });
  }

  test("PUT round-trips the GET representation; the project stays", async () => {
    const order = await createOrder();
    const fetched = (await t.http.get(api(`/workorders/${order.id}`), { token: p.staff.token })).body;
    const response = await t.http.request("PUT", api(`/workorders/${order.id}`), {
      token: p.staff.token,
      body: { ...fetched, title: "Revised", id: 1, createdBy: 1, projectId: 999 },
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.title, response.body.projectId, response.body.createdBy], ["Revised", project.id, p.staff.userId]);
  });

  test("project_id filter, 404s, delete", async () => {
    const order = await createOrder();
    const list = await t.direct("work").get(`/workorders?project_id=${project.id}`, { token: p.staff.token });
    assert.ok(list.body.some((x: any) => x.id === order.id));
    assert.deepEqual((await t.http.get(api("/workorders/999999"), { token: p.staff.token })).body, { error: "Work order not found" });
    const noProject = await t.http.post(api("/workorders"), { projectId: 999999, title: "x", orderNumber: orderNumber() }, { token: p.staff.token });
    assert.equal(noProject.status, 404);
    assert.equal((await t.http.request("DELETE", api(`/workorders/${order.id}`), { token: p.staff.token })).status, 204);
    assert.equal((await t.http.request("DELETE", api(`/workorders/${order.id}`), { token: p.staff.token })).status, 404);
  });
});
