// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let invoice: { id: number };
let othersInvoice: { id: number };
before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"]));
  invoice = (await t.http.post(api("/invoices"), { invoiceNumber: "P-1", clientId: p.client.userId, amount: 100 }, { token: p.staff.token })).body;
  othersInvoice = (await t.http.post(api("/invoices"), { invoiceNumber: "P-2", clientId: p.otherClient.userId, amount: 100 }, { token: p.staff.token })).body;
});
after(() => t.stop());

function api(path: string) {
  return `/api/payment${path}`;
}
const paymentRows = () => t.platform.runtime.db.prisma.payment.findMany({ orderBy: { id: "asc" } });
const record = (body: Record<string, unknown>, token = p.staff.token) => t.http.post(api("/payments"), { invoiceId: invoice.id, amount: 25, ...body }, { token });

describe("payments", () => {
  test("staff record a payment: PENDING, the invoice's currency, exact amounts", async () => {
    const response = await record({ amount: "25.50", paymentMethod: "CRYPTO_ETH", blockchainNetwork: "ethereum-sepolia", processorFee: "0.25" });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(
      [response.body.status, response.body.currency, response.body.amount, response.body.processorFee, response.body.paymentMethod],
      ["PENDING", "USD", "25.50", "0.25", "CRYPTO_ETH"],
    );
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["amount 0", { amount: 0 }, "amount"],
    ["amount -1", { amount: -1 }, "amount"],
    ["amount 1.005", { amount: 1.005 }, "amount"],
    ['amount "abc"', { amount: "abc" }, "amount"],
    ["a missing invoiceId", { invoiceId: undefined }, "invoiceId"],
    ["an invoiceId that is text", { invoiceId: "one" }, "invoiceId"],
    ["another currency than the invoice's", { currency: "EUR" }, "currency"],
    ["an unknown method", { paymentMethod: "CHEQUE" }, "paymentMethod"],
    ["a negative fee", { processorFee: -1 }, "processorFee"],
  ];
  for (const [what, body, field] of invalid) {
    test(`${what} is a 400 { field, message } and writes nothing`, async () => {
      const before = await paymentRows();
      const response = await record(body);
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.field, field);
      assert.deepEqual(await paymentRows(), before);
    });
  }

  test("a payment must reference an existing invoice; a CLIENT cannot record one", async () => {
    const before = await paymentRows();
    assert.deepEqual((await record({ invoiceId: 999999 })).body, { error: "Invoice not found" });
    assert.equal((await record({}, p.client.token)).status, 403);
    assert.deepEqual(await paymentRows(), before);
  });

  test("a CLIENT sees the payments of their own invoices only", async () => {
    const own = (await record({})).body;
    const theirs = (await record({ invoiceId: othersInvoice.id })).body;
    const list = (await t.http.get(api("/payments"), { token: p.client.token })).body.map((x: any) => x.id);
    assert.ok(list.includes(own.id) && !list.includes(theirs.id));
    assert.equal((await t.http.get(api(`/payments/${own.id}`), { token: p.client.token })).status, 200);
    const denied = await t.http.get(api(`/payments/${theirs.id}`), { token: p.client.token });
    assert.deepEqual([denied.status, denied.body], [403, { error: "Forbidden: you do not have access to this payment" }]);
    assert.equal((await t.http.get(api(`/payments?invoice_id=${othersInvoice.id}`), { token: p.client.token })).status, 403);
    const filtered = await t.direct("payment").get(`/payments?invoice_id=${othersInvoice.id}`, { token: p.staff.token });
    assert.ok(filtered.body.every((x: any) => x.invoiceId === othersInvoice.id) && filtered.body.length > 0);
  });

  test("missing and malformed payment ids", async () => {
    assert.deepEqual((await t.http.get(api("/payments/999999"), { token: p.staff.token })).body, { error: "Payment not found" });
    assert.deepEqual((await t.http.get(api("/payments/x"), { token: p.staff.token })).body, { field: "id", message: "Invalid payment ID" });
    assert.deepEqual((await t.http.get(api("/payments?invoice_id=-4"), { token: p.staff.token })).body, { field: "invoice_id", message: "Invalid invoice ID" });
  });

  test("GraphQL: a payment with its invoice", async () => {
    const payment = (await record({})).body;
    const response = await t.http.graphql(`query($id: ID!) { payment(id: $id) { amount invoice { id invoiceNumber } } }`, { id: payment.id }, p.client.token);
    assert.deepEqual(response.body.data.payment, { amount: "25.00", invoice: { id: invoice.id, invoiceNumber: "P-1" } });
  });
});
