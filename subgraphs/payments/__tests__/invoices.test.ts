// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"])));
after(() => t.stop());

let counter = 0;
const number = () => `INV-${process.pid}-${++counter}`;
const api = (path: string) => `/api/payment${path}`;
const invoiceRows = () => t.platform.runtime.db.prisma.invoice.findMany({ orderBy: { id: "asc" } });

async function createInvoice(body: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/invoices"), { invoiceNumber: number(), clientId: p.client.userId, amount: 1500, ...body }, { token: p.staff.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}
const markPaid = (id: number) => t.platform.runtime.db.prisma.invoice.update({ where: { id }, data: { status: "PAID" } });

describe("invoices", () => {
  test("staff create an invoice: DRAFT, USD by default, exact amount", async () => {
    const invoice = await createInvoice({ amount: "1234.5", dueDate: "2026-12-31", notes: "First" });
    assert.deepEqual([invoice.status, invoice.currency, invoice.amount, invoice.dueDate], ["DRAFT", "USD", "1234.50", "2026-12-31"]);
    assert.deepEqual(Object.keys(invoice).sort(), ["amount", "blockchainTxHash", "clientId", "createdAt", "currency", "dueDate", "id",
      "invoiceNumber", "ipfsDocumentCid", "issuedDate", "notes", "paidDate", "projectId", "status", "updatedAt"]);
    assert.equal((await createInvoice({ currency: "eur" })).currency, "EUR");
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["amount 0", { amount: 0 }, "amount"],
    ["amount -1", { amount: -1 }, "amount"],
    ["amount 1.005", { amount: 1.005 }, "amount"],
    ['amount "abc"', { amount: "abc" }, "amount"],
    ["an amount over 12 digits", { amount: "99999999999.00" }, "amount"],
    ["a missing amount", { amount: undefined }, "amount"],
    ["a missing invoiceNumber", { invoiceNumber: undefined }, "invoiceNumber"],
    ["a missing clientId", { clientId: undefined }, "clientId"],
    ["a 51-character invoiceNumber", { invoiceNumber: "n".repeat(51) }, "invoiceNumber"],
    ["an unknown currency", { currency: "XYZ" }, "currency"],
    ["a 4-letter currency", { currency: "USDT" }, "currency"],
    ["cents in a currency without them", { currency: "JPY", amount: "100.50" }, "amount"],
    ["an unknown status", { status: "ISSUED_TODAY" }, "status"],
    ["a bad due date", { dueDate: "31/12/2026" }, "dueDate"],
  ];
  for (const [what, body, field] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await invoiceRows();
      const response = await t.http.post(api("/invoices"), { invoiceNumber: number(), clientId: p.client.userId, amount: 10, ...body }, { token: p.staff.token });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.field, field);
      assert.deepEqual(await invoiceRows(), before);
    });
  }

  test("invoice numbers are unique (409); a CLIENT cannot create (403)", async () => {
    const invoice = await createInvoice();
    const before = await invoiceRows();
    const duplicate = await t.http.post(api("/invoices"), { invoiceNumber: invoice.invoiceNumber, clientId: p.client.userId, amount: 5 }, { token: p.staff.token });
    assert.deepEqual([duplicate.status, duplicate.body], [409, { error: "Invoice number already exists" }]);
    const client = await t.http.post(api("/invoices"), { invoiceNumber: number(), clientId: p.client.userId, amount: 5 }, { token: p.client.token });
    assert.deepEqual([client.status, client.body], [403, { error: "Insufficient permissions" }]);
    assert.deepEqual(await invoiceRows(), before);
  });

  test("a CLIENT sees their own invoices; client_id is for staff", async () => {
    const own = await createInvoice();
    const theirs = await createInvoice({ clientId: p.otherClient.userId });
    const mine = (await t.http.get(api("/invoices"), { token: p.client.token })).body.map((x: any) => x.id);
    assert.ok(mine.includes(own.id) && !mine.includes(theirs.id));
    const filtered = await t.direct("payment").get(`/invoices?client_id=${p.otherClient.userId}`, { token: p.staff.token });
    assert.ok(filtered.body.length > 0 && filtered.body.every((x: any) => x.clientId === p.otherClient.userId));
    assert.equal((await t.http.get(api(`/invoices?client_id=${p.client.userId}`), { token: p.client.token })).status, 403);
    assert.deepEqual((await t.http.get(api("/invoices?client_id=abc"), { token: p.staff.token })).body, { field: "client_id", message: "Invalid client ID" });
  });

  test("GET /invoices/{id}: owner or staff; 400, 403, 404 as documented", async () => {
    const invoice = await createInvoice();
    assert.equal((await t.http.get(api(`/invoices/${invoice.id}`), { token: p.client.token })).status, 200);
    const other = await t.http.get(api(`/invoices/${invoice.id}`), { token: p.otherClient.token });
    assert.deepEqual([other.status, other.body], [403, { error: "Forbidden: you do not have access to this invoice" }]);
    assert.deepEqual((await t.http.get(api("/invoices/999999"), { token: p.staff.token })).body, { error: "Invoice not found" });
    const bad = await t.http.get(api("/invoices/abc"), { token: p.staff.token });
    assert.deepEqual([bad.status, bad.body], [400, { field: "id", message: "Invalid invoice ID" }]);
  });

  test("PUT accepts the GET representation; a PAID invoice cannot be modified", async () => {
    const invoice = await createInvoice();
    const fetched = (await t.http.get(api(`/invoices/${invoice.id}`), { token: p.staff.token })).body;
    const updated = await t.http.request("PUT", api(`/invoices/${invoice.id}`), {
      token: p.staff.token,
      body: { ...fetched, status: "SENT", amount: "1600.00", issuedDate: "2026-11-01", id: 1, createdAt: "2000-01-01T00:00:00Z" },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual([updated.body.id, updated.body.status, updated.body.amount, updated.body.createdAt], [invoice.id, "SENT", "1600.00", fetched.createdAt]);
    await markPaid(invoice.id);
    const locked = await t.http.request("PUT", api(`/invoices/${invoice.id}`), { token: p.staff.token, body: { notes: "late" } });
    assert.deepEqual([locked.status, locked.body], [403, { error: "Cannot modify a paid invoice" }]);
    const row = await t.platform.runtime.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    assert.equal(row.notes, null);
  });

  test("DELETE: 204; a PAID invoice is kept for audit (403); missing 404", async () => {
    const invoice = await createInvoice();
    assert.equal((await t.http.request("DELETE", api(`/invoices/${invoice.id}`), { token: p.client.token })).status, 403);
    assert.equal((await t.http.request("DELETE", api(`/invoices/${invoice.id}`), { token: p.staff.token })).status, 204);
    assert.equal((await t.http.request("DELETE", api(`/invoices/${invoice.id}`), { token: p.staff.token })).status, 404);
    const paid = await createInvoice();
    await markPaid(paid.id);
    const kept = await t.http.request("DELETE", api(`/invoices/${paid.id}`), { token: p.staff.token });
    assert.deepEqual([kept.status, kept.body], [403, { error: "Cannot delete a paid invoice - it must be kept for audit purposes" }]);
    assert.ok(await t.platform.runtime.db.prisma.invoice.findUnique({ where: { id: paid.id } }));
  });

  test("an invoice with payments is not deleted (409), so no payment is lost", async () => {
    const invoice = await createInvoice();
    await t.http.post(api("/payments"), { invoiceId: invoice.id, amount: 10 }, { token: p.staff.token });
    const response = await t.http.request("DELETE", api(`/invoices/${invoice.id}`), { token: p.staff.token });
    assert.deepEqual([response.status, response.body], [409, { error: "Cannot delete an invoice that has payments" }]);
  });

  test("GraphQL: invoices with amounts as exact strings", async () => {
    const invoice = await createInvoice({ amount: "0.10" });
    const response = await t.http.graphql(`query($id: ID!) { invoice(id: $id) { amount currency client { name } } }`, { id: invoice.id }, p.client.token);
    assert.deepEqual(response.body.data.invoice, { amount: "0.10", currency: "USD", client: { name: "Cleo Client" } });
  });
});
