// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startCardProcessorServer, type CardProcessorServer } from "../../../testing/card-processor-server.js";
import { paymentsFixture, processorId, webhookSecret } from "../../../testing/payments.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

const SECRET = webhookSecret();
let processor: CardProcessorServer;
let t: TestPlatform;
let p: People;
before(async () => {
  processor = await startCardProcessorServer();
  ({ t, p } = await startWithPeople({
    PROCESSOR_WEBHOOK_SECRET: SECRET,
    PROCESSOR_SECRET_KEY: processor.secretKey,
    PROCESSOR_API_URL: processor.server.url,
    JOB_WORKERS: "0",
  }, ["accounts", "work", "payments"]));
});
after(async () => {
  await t.stop();
  await processor.close();
});

const { invoiceOf, cardPayment, post, deliver, succeeded, invoiceState } = paymentsFixture(() => ({ t, p }), SECRET);

const CREATED = 1_790_000_000;
const refundObject = (intentId: string, id: string, amount: number, status = "succeeded") =>
  ({ id, object: "refund", amount, currency: "usd", payment_intent: intentId, charge: "ch_1", status, created: CREATED });
const refundEvent = (intentId: string, id: string, amount: number, eventId?: string, type = "refund.created") =>
  deliver(type, refundObject(intentId, id, amount), eventId);
const chargeRefunded = (intentId: string, amountRefunded: number, refunds: Record<string, unknown>[], eventId?: string) =>
  deliver("charge.refunded", {
    id: "ch_1", object: "charge", payment_intent: intentId, amount_refunded: amountRefunded, refunded: false, currency: "usd",
    refunds: { object: "list", data: refunds },
  }, eventId);

/** A PAID invoice of `amount` dollars, paid by one card payment: its id and the PaymentIntent's. */
async function paidInvoice(amount: number) {
  const invoiceId = await invoiceOf(amount.toFixed(2));
  const intent = await cardPayment(invoiceId, amount.toFixed(2));
  await succeeded(intent, amount * 100);
  assert.equal((await invoiceState(invoiceId)).status, "PAID");
  return { invoiceId, intent };
}

describe("refunds are recorded", () => {
  test("a partial refund is recorded with its amount, time and processor id, in GraphQL and REST; the invoice stays PAID", async () => {
    const { invoiceId, intent } = await paidInvoice(100);
    const refundId = processorId("re");
    await refundEvent(intent, refundId, 2_500);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountPaid, state.amountRefunded], ["PAID", "100.00", "25.00"]);
    const refund = { processorRefundId: refundId, amount: "25.00", currency: "USD", status: "SUCCEEDED", refundedAt: new Date(CREATED * 1000).toISOString() };
    assert.deepEqual([state.payments[0].status, state.payments[0].refundedAmount, state.payments[0].refunds], ["COMPLETED", "25.00", [refund]]);

    const rest = await t.http.get(`/api/payment/payments/${state.payments[0].id}`, { token: p.client.token });
    assert.equal(rest.status, 200, rest.text);
    assert.deepEqual([rest.body.status, rest.body.amount, rest.body.refundedAmount, rest.body.refunds], ["COMPLETED", "100.00", "25.00", [refund]]);
    for (const documented of ["id", "invoiceId", "currency", "paymentMethod", "transactionId", "processedAt", "createdAt", "updatedAt"]) {
      assert.ok(documented in rest.body, `REST payment keeps ${documented}`);
    }
  });

  test("a refund replayed, or reported both as a refund and in its charge, counts once", async () => {
    const { invoiceId, intent } = await paidInvoice(100);
    const refundId = processorId("re");
    const eventId = processorId("evt");
    await refundEvent(intent, refundId, 3_000, eventId);
    await refundEvent(intent, refundId, 3_000, eventId);
    await refundEvent(intent, refundId, 3_000, undefined, "charge.refund.updated");
    await chargeRefunded(intent, 3_000, [refundObject(intent, refundId, 3_000)]);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountRefunded, state.payments[0].refundedAmount], ["PAID", "30.00", "30.00"]);
    assert.equal(state.payments[0].refunds.length, 1);
  });

  test("concurrent deliveries of one refund, under several event ids, count once", async () => {
    const { invoiceId, intent } = await paidInvoice(80);
    const refundId = processorId("re");
    const eventId = processorId("evt");
    await Promise.all([
      ...Array.from({ length: 6 }, () => refundEvent(intent, refundId, 2_000, eventId)),
      ...Array.from({ length: 3 }, () => chargeRefunded(intent, 2_000, [refundObject(intent, refundId, 2_000)])),
      refundEvent(intent, refundId, 2_000, undefined, "refund.updated"),
    ]);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].refundedAmount, state.payments[0].refunds.length], ["PAID", "20.00", 1]);
  });

  test("a pending or failed refund is shown but not counted", async () => {
    const { invoiceId, intent } = await paidInvoice(50);
    await deliver("refund.created", refundObject(intent, processorId("re"), 5_000, "pending"));
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].refundedAmount, state.payments[0].refunds[0].status], ["PAID", "0.00", "PENDING"]);
  });
});

describe("a full refund moves the invoice out of PAID", () => {
  test("refunds that together reach the amount make the payment REFUNDED and the invoice PENDING, owed again", async () => {
    const { invoiceId, intent } = await paidInvoice(100);
    await refundEvent(intent, processorId("re"), 4_000);
    assert.equal((await invoiceState(invoiceId)).status, "PAID");
    await refundEvent(intent, processorId("re"), 6_000);
    const state = await invoiceState(invoiceId);
    assert.deepEqual(
      [state.status, state.paidDate, state.amountPaid, state.amountRefunded, state.payments[0].status],
      ["PENDING", null, "0.00", "100.00", "REFUNDED"],
    );
    const again = await t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token: p.client.token });
    assert.equal(again.status, 200, again.text);
    assert.equal(processor.requests.at(-1)!.amount, 10_000, "the whole amount is owed again");
  });

  test("a success delivered after the full refund (events out of order) does not make the invoice PAID again", async () => {
    const invoiceId = await invoiceOf("70.00");
    const intent = await cardPayment(invoiceId, "70.00");
    await deliver("charge.refunded", { id: "ch_1", object: "charge", payment_intent: intent, amount_refunded: 7_000, refunded: true, currency: "usd" });
    await succeeded(intent, 7_000);
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.amountPaid, state.payments[0].status], ["DRAFT", "0.00", "REFUNDED"]);
  });
});

describe("card payments settle only what they cover", () => {
  test("a PaymentIntent made through the processor before the amount was raised cannot pay the larger invoice", async () => {
    const invoiceId = await invoiceOf("100.00");
    assert.equal((await t.http.put(`/api/payment/invoices/${invoiceId}`, { status: "SENT" }, { token: p.staff.token })).status, 200);
    const first = await t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token: p.client.token });
    assert.equal(first.status, 200, first.text);
    const old = [...processor.intents.values()].find((intent) => intent.client_secret === first.body.clientSecret)!;
    assert.equal((await t.http.put(`/api/payment/invoices/${invoiceId}`, { amount: "130.00" }, { token: p.staff.token })).status, 200);
    await succeeded(old.id as string, old.amount as number, old.currency as string);
    const short = await invoiceState(invoiceId);
    assert.deepEqual([short.status, short.amountPaid], ["SENT", "100.00"]);

    const rest = await t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token: p.client.token });
    const intent = [...processor.intents.values()].find((x) => x.client_secret === rest.body.clientSecret)!;
    assert.equal(intent.amount, 3_000, "the next PaymentIntent asks for what is still owed");
    await succeeded(intent.id as string, intent.amount as number);
    assert.deepEqual([(await invoiceState(invoiceId)).status, (await invoiceState(invoiceId)).amountPaid], ["PAID", "130.00"]);
  });
});

describe("bad input and strangers", () => {
  test("a signed event whose amounts or refund do not parse is a 400 and changes nothing", async () => {
    const invoiceId = await invoiceOf("40.00");
    const intent = await cardPayment(invoiceId, "40.00");
    const events: [string, Record<string, unknown>][] = [
      ["payment_intent.succeeded", { id: intent, amount_received: 9_007_199_254_740_991, currency: "usd" }],
      ["payment_intent.succeeded", { id: intent, amount_received: -5, currency: "usd" }],
      ["payment_intent.succeeded", { id: intent, amount_received: "4000", currency: "usd" }],
      ["payment_intent.succeeded", { id: intent, amount_received: 4_000, currency: "dollars" }],
      ["charge.refunded", { payment_intent: intent, amount_refunded: 1e15, currency: "usd" }],
      ["charge.refunded", { payment_intent: intent, amount_refunded: 100, currency: "usd", refunds: { data: "all" } }],
      ["refund.created", { ...refundObject(intent, "", 100) }],
      ["refund.created", { ...refundObject(intent, processorId("re"), 100, "done") }],
      ["refund.created", { ...refundObject(intent, processorId("re"), 1.5) }],
      ["refund.created", { ...refundObject(intent, processorId("re"), 100), created: "yesterday" }],
    ];
    for (const [type, object] of events) {
      const response = await post(type, object);
      assert.deepEqual([response.status, response.text], [400, "Invalid webhook payload"], `${type} ${JSON.stringify(object)}`);
    }
    const state = await invoiceState(invoiceId);
    assert.deepEqual([state.status, state.payments[0].status, state.payments[0].refunds], ["DRAFT", "PENDING", []]);
    const badIds = await Promise.all([
      t.http.get("/api/payment/payments/abc", { token: p.client.token }),
      t.http.get("/api/payment/payments?invoice_id=-1", { token: p.client.token }),
      t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId: "1 OR 1=1" }, { token: p.client.token }),
    ]);
    assert.deepEqual(badIds.map((r) => r.status), [400, 400, 400], badIds.map((r) => r.text).join("\n"));
  });

  test("another client reaches neither the invoice nor its payment and refunds", async () => {
    const { invoiceId, intent } = await paidInvoice(30);
    await refundEvent(intent, processorId("re"), 1_000);
    const paymentId = (await invoiceState(invoiceId)).payments[0].id;
    const token = p.otherClient.token;
    const gql = await t.http.graphql(`query($id: ID!) { payment(id: $id) { refundedAmount refunds { amount } } }`, { id: paymentId }, token);
    assert.equal(gql.body.data?.payment ?? null, null);
    assert.equal(gql.body.errors?.[0].extensions.code, "FORBIDDEN", gql.text);
    const rest = await Promise.all([
      t.http.get(`/api/payment/payments/${paymentId}`, { token }),
      t.http.get(`/api/payment/invoices/${invoiceId}`, { token }),
      t.http.get(`/api/payment/payments?invoice_id=${invoiceId}`, { token }),
      t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token }),
    ]);
    assert.deepEqual(rest.map((r) => r.status), [403, 403, 403, 403], rest.map((r) => r.text).join("\n"));
    const listed = await t.http.get("/api/payment/payments", { token });
    assert.equal(listed.body.some((payment: { id: number }) => payment.id === paymentId), false);
  });
});
