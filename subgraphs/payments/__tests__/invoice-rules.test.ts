// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { PaymentsContext } from "../context.js";
import { createInvoice, deleteInvoice, listInvoices, updateInvoice } from "../domain/invoices.js";

let payments: DomainUnderTest<PaymentsContext>;
/** A request of the staff member: each call is a new request, with loaders of its own. */
let staff: () => PaymentsContext;
let clientId: number;
let client: PaymentsContext;
before(async () => {
  payments = await domainUnderTest<PaymentsContext>("payments");
  const staffUser = await payments.user(["STAFF"]);
  staff = () => payments.as(staffUser);
  const clientUser = await payments.user(["CLIENT"]);
  clientId = clientUser.id;
  client = payments.as(clientUser);
});
after(() => payments?.stop());

let numbers = 0;
const invoice = (amount = "100.00") => createInvoice(staff(), { invoiceNumber: `INV-${++numbers}-${Date.now()}`, clientId, amount, currency: "USD" });
const code = (expected: string) => (error: Error & { extensions?: { code?: string } }) => error.extensions?.code === expected;
const completedPayment = (invoiceId: number, amount: string) => payments.db.payment.create({ data: { invoiceId, amount, currency: "USD", status: "COMPLETED" } });

describe("invoice states, called as the resolvers call them (no HTTP)", () => {
  test("PAID cannot be written by hand; an amount lowered to what completed payments cover makes the invoice PAID", async () => {
    const created = await invoice("100.00");
    assert.equal(created.status, "DRAFT");
    await assert.rejects(updateInvoice(staff(), created.id, { status: "PAID" }), code("BAD_USER_INPUT"));
    await completedPayment(created.id, "60.00");
    assert.equal((await updateInvoice(staff(), created.id, { notes: "partly paid" })).status, "DRAFT");
    assert.equal((await updateInvoice(staff(), created.id, { amount: "60.00" })).status, "PAID");
  });

  test("a PAID invoice is kept for audit: no change, no deletion", async () => {
    const created = await invoice("10.00");
    await completedPayment(created.id, "10.00");
    await updateInvoice(staff(), created.id, { notes: "settle" });
    await assert.rejects(updateInvoice(staff(), created.id, { notes: "changed" }), code("FORBIDDEN"));
    await assert.rejects(deleteInvoice(staff(), created.id), code("FORBIDDEN"));
    assert.equal((await payments.db.invoice.findUniqueOrThrow({ where: { id: created.id } })).notes, "settle");
  });

  test("an invoice with payments cannot be deleted; one without can, by staff only", async () => {
    const withPayment = await invoice("50.00");
    await payments.db.payment.create({ data: { invoiceId: withPayment.id, amount: "5.00", currency: "USD" } });
    await assert.rejects(deleteInvoice(staff(), withPayment.id), code("CONFLICT"));
    const bare = await invoice("50.00");
    await assert.rejects(deleteInvoice(client, bare.id), code("FORBIDDEN"));
    assert.deepEqual(await deleteInvoice(staff(), bare.id), { id: bare.id });
  });

  test("one number, created at once ten times: exactly one invoice, the rest conflict", async () => {
    const invoiceNumber = `RACE-${Date.now()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => createInvoice(staff(), { invoiceNumber, clientId, amount: "1.00" })));
    assert.equal(outcomes.filter((outcome) => outcome.status === "fulfilled").length, 1);
    assert.ok(outcomes.every((outcome) => outcome.status === "fulfilled" || code("CONFLICT")(outcome.reason)));
    assert.equal(await payments.db.invoice.count({ where: { invoiceNumber } }), 1);
  });

  test("a client lists only their own invoices and may not ask for another client's", async () => {
    const mine = await listInvoices(client, undefined);
    assert.ok(mine.length > 0 && mine.every((row) => row.clientId === clientId));
    await assert.rejects(listInvoices(client, clientId + 1000), code("FORBIDDEN"));
  });
});
