// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { paymentsFixture, processorId, webhookSecret } from "../../../testing/payments.js";

const SECRET = webhookSecret();
let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ PROCESSOR_WEBHOOK_SECRET: SECRET, JOB_WORKERS: "0" }, ["accounts", "work", "payments"])));
after(() => t.stop());

const { db, invoiceOf, cardPayment, deliver, succeeded, invoiceState } = paymentsFixture(() => ({ t, p }), SECRET);
let counter = 0;

describe("an invoice is PAID only when its completed payments cover it", () => {
  test("a PaymentIntent made before the amount was raised pays only what it was made for", async () => {
    const invoiceId = await invoiceOf("100.00");
    const intent = await cardPayment(invoiceId, "100.00");
    const raised = await t.http.put(`/api/payment/invoices/${invoiceId}`, { amount: "150.00" }, { token: p.staff.token });
    assert.equal(raised.status, 200, raised.text);
    await succeeded(intent, 10_000);
    const short = await invoiceState(invoiceId);
    assert.deepEqual([short.status, short.amountPaid, short.paidDate], ["DRAFT", "100.00", null]);
    assert.equal(short.payments[0].status, "COMPLETED");

    await succeeded(await cardPayment(invoiceId, "50.00"));
    const paid = await invoiceState(invoiceId);
    assert.deepEqual([paid.status, paid.amountPaid], ["PAID", "150.00"]);
    assert.equal(paid.paidDate, new Date().toISOString().slice(0, 10));
  });

  test("the processor's stated amount decides: a smaller charge than the payment row says does not pay the invoice", async () => {
    const invoiceId = await invoiceOf("80.00");
    await succeeded(await cardPayment(invoiceId, "80.00"), 3_000);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountPaid, state.payments[0].amount], ["DRAFT", "30.00", "30.00"]);
  });

  test("a payment in another currency never counts", async () => {
    const invoiceId = await invoiceOf("50.00", "EUR");
    await succeeded(await cardPayment(invoiceId, "50.00", "EUR"), 5_000, "usd");
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountPaid], ["DRAFT", "0.00"]);
    assert.deepEqual([state.payments[0].status, state.payments[0].currency], ["COMPLETED", "USD"]);
  });

  test("two recorded payments that together cover the amount pay it; the first alone does not", async () => {
    const invoiceId = await invoiceOf("100.00");
    const record = (amount: string) => t.http.post("/api/payment/payments", { invoiceId, amount, status: "COMPLETED", paymentMethod: "BANK_TRANSFER" }, { token: p.staff.token });
    assert.equal((await record("40.00")).status, 201);
    assert.equal((await invoiceState(invoiceId)).status, "DRAFT");
    assert.equal((await record("60.00")).status, 201);
    assert.deepEqual([(await invoiceState(invoiceId)).status, (await invoiceState(invoiceId)).amountPaid], ["PAID", "100.00"]);
  });

  test("PAID cannot be written by hand: 400 on status, nothing changed", async () => {
    const invoiceId = await invoiceOf("10.00");
    const put = await t.http.put(`/api/payment/invoices/${invoiceId}`, { status: "PAID" }, { token: p.staff.token });
    assert.equal(put.status, 400, put.text);
    assert.equal(put.body.field, "status");
    const created = await t.http.post("/api/payment/invoices", { invoiceNumber: `ST-PAID-${++counter}`, clientId: p.client.userId, amount: "5", status: "PAID" }, { token: p.staff.token });
    assert.equal(created.status, 400, created.text);
    assert.equal((await invoiceState(invoiceId)).status, "DRAFT");
  });

  test("ten concurrent deliveries of one event and two payments settling at once: applied once, PAID once", async () => {
    const invoiceId = await invoiceOf("100.00");
    const [first, second] = [await cardPayment(invoiceId, "50.00"), await cardPayment(invoiceId, "50.00")];
    const eventId = processorId("evt");
    await Promise.all([
      ...Array.from({ length: 10 }, () => deliver("payment_intent.succeeded", { id: first, object: "payment_intent", amount_received: 5_000, currency: "usd" }, eventId)),
      succeeded(second, 5_000),
    ]);
    assert.equal(await db().processorEvent.count({ where: { id: eventId } }), 1);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountPaid], ["PAID", "100.00"]);
  });

  test("a failure delivered after the success does not undo it", async () => {
    const invoiceId = await invoiceOf("20.00");
    const intent = await cardPayment(invoiceId, "20.00");
    await succeeded(intent, 2_000);
    await deliver("payment_intent.payment_failed", { id: intent, object: "payment_intent" });
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].status], ["PAID", "COMPLETED"]);
  });

  test("another client cannot read the invoice's payments", async () => {
    const invoiceId = await invoiceOf("12.00");
    const response = await t.http.graphql(`query($id: ID!) { invoice(id: $id) { amountPaid } }`, { id: invoiceId }, p.otherClient.token);
    assert.equal(response.body.data?.invoice ?? null, null);
    assert.ok(["FORBIDDEN", "NOT_FOUND"].includes(response.body.errors?.[0].extensions.code), response.text);
  });
});

describe("refunds", () => {
  const refunded = (intentId: string, amountRefunded: number, full: boolean, id?: string) =>
    deliver("charge.refunded", { id: "ch_1", object: "charge", payment_intent: intentId, amount_refunded: amountRefunded, refunded: full, currency: "usd" }, id);

  test("a partial refund is recorded and the invoice stays PAID; a replay and an older total change nothing", async () => {
    const invoiceId = await invoiceOf("100.00");
    const intent = await cardPayment(invoiceId, "100.00");
    await succeeded(intent, 10_000);
    const eventId = processorId("evt");
    await refunded(intent, 2_500, false, eventId);
    await refunded(intent, 2_500, false, eventId);
    let state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].status, state.payments[0].refundedAmount], ["PAID", "COMPLETED", "25.00"]);
    await refunded(intent, 4_000, false);
    await refunded(intent, 2_500, false);
    state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].refundedAmount], ["PAID", "40.00"], "the processor states the refunded total, not each refund");
  });

  test("a full refund makes the payment REFUNDED and moves the invoice from PAID back to PENDING", async () => {
    const invoiceId = await invoiceOf("60.00");
    const intent = await cardPayment(invoiceId, "60.00");
    await succeeded(intent, 6_000);
    assert.equal((await invoiceState(invoiceId)).status, "PAID");
    await refunded(intent, 6_000, true);
    const state = await invoiceState(invoiceId);
    assert.deepEqual(
      [state.status, state.paidDate, state.amountPaid, state.payments[0].status, state.payments[0].refundedAmount],
      ["PENDING", null, "0.00", "REFUNDED", "60.00"],
    );
    const editable = await t.http.put(`/api/payment/invoices/${invoiceId}`, { status: "CANCELLED" }, { token: p.staff.token });
    assert.equal(editable.status, 200, "no longer PAID: staff may cancel it");
  });
});
