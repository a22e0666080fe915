// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

/** No PROCESSOR_SECRET_KEY: card payments are not configured on this platform. */
let t: TestPlatform;
let p: People;
let project: { id: number };
const NO_ONE = 999_999;
before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"]));
  project = (await t.http.post("/api/work/projects", { name: "Bridge", clientId: p.client.userId }, { token: p.staff.token })).body;
});
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;
let numbers = 0;
const invoiceBody = (body: Record<string, unknown> = {}) => ({ invoiceNumber: `REF-${++numbers}`, clientId: p.client.userId, amount: "100.00", ...body });
const createInvoice = (body: Record<string, unknown> = {}) => t.http.post("/api/payment/invoices", invoiceBody(body), { token: p.staff.token });
const NO_USER = { field: "clientId", message: "no user has this id" };
const NO_PROJECT = { field: "projectId", message: "no project you can see has this id" };

describe("invoices point only at a client and a project that exist (REST)", () => {
  test("POST /invoices for an unknown client or project: 400 naming the field, nothing created", async () => {
    for (const [body, expected] of [[{ clientId: NO_ONE }, NO_USER], [{ projectId: NO_ONE }, NO_PROJECT]] as const) {
      const before = await db().invoice.count();
      const response = await createInvoice(body);
      assert.deepEqual([response.status, response.body], [400, expected]);
      assert.equal(await db().invoice.count(), before, "nothing was created");
    }
    const real = await createInvoice({ projectId: project.id });
    assert.deepEqual([real.status, real.body.projectId], [201, project.id]);
  });

  test("PUT /invoices/{id} to an unknown client or project: 400, the invoice unchanged", async () => {
    const invoice = (await createInvoice({ projectId: project.id })).body;
    for (const [body, expected] of [[{ clientId: NO_ONE }, NO_USER], [{ projectId: NO_ONE }, NO_PROJECT]] as const) {
      const response = await t.http.request("PUT", `/api/payment/invoices/${invoice.id}`, { token: p.staff.token, body });
      assert.deepEqual([response.status, response.body], [400, expected]);
    }
    const row = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    assert.deepEqual([row.clientId, row.projectId, row.updatedAt.toISOString()], [p.client.userId, project.id, invoice.updatedAt]);
  });

  test("an invoice that already points at a missing client keeps working: its GET body goes back unchanged", async () => {
    const legacy = await db().invoice.create({ data: { invoiceNumber: "LEGACY-1", clientId: NO_ONE, projectId: NO_ONE, amount: "5.00" } });
    const body = (await t.http.get(`/api/payment/invoices/${legacy.id}`, { token: p.staff.token })).body;
    const updated = await t.http.request("PUT", `/api/payment/invoices/${legacy.id}`, { token: p.staff.token, body: { ...body, notes: "kept" } });
    assert.deepEqual([updated.status, updated.body.clientId, updated.body.projectId, updated.body.notes], [200, NO_ONE, NO_ONE, "kept"]);
  });
});

describe("invoices point only at a client and a project that exist (GraphQL)", () => {
  test("createInvoice is refused naming the field, nothing created", async () => {
    for (const [input, field] of [[{ clientId: NO_ONE }, "clientId"], [{ projectId: NO_ONE }, "projectId"]] as const) {
      const before = await db().invoice.count();
      const response = await t.http.graphql(`mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }`, { i: invoiceBody(input) }, p.staff.token);
      const error = response.body.errors?.[0];
      assert.deepEqual([error?.extensions.code, error?.extensions.field], ["BAD_USER_INPUT", field]);
      assert.equal(await db().invoice.count(), before);
    }
  });
});

describe("create-payment-intent: who may pay is answered before whether card payments are configured", () => {
  const pay = (invoiceId: unknown, token: string) => t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token });

  test("another client's invoice is 403 and an unknown one 404, not 503", async () => {
    const invoice = (await createInvoice()).body;
    const stranger = await pay(invoice.id, p.otherClient.token);
    assert.deepEqual([stranger.status, stranger.body], [403, { error: "Forbidden: you can only pay your own invoices" }]);
    const unknown = await pay(NO_ONE, p.otherClient.token);
    assert.deepEqual([unknown.status, unknown.body], [404, { error: "Invoice not found" }]);
    const graph = await t.http.graphql(`mutation($id: ID!) { createPaymentIntent(invoiceId: $id) { paymentId } }`, { id: invoice.id }, p.otherClient.token);
    assert.equal(graph.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("the invoice's own client, and staff, learn that card payments are not configured (503); no payment is written", async () => {
    const invoice = (await createInvoice()).body;
    for (const token of [p.client.token, p.staff.token]) {
      const response = await pay(invoice.id, token);
      assert.deepEqual([response.status, response.body], [503, { error: "Stripe not configured" }]);
    }
    assert.equal(await db().payment.count({ where: { invoiceId: invoice.id } }), 0);
  });
});
