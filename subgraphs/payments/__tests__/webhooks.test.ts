// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import Stripe from "stripe";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

const SECRET = `whsec_${randomBytes(16).toString("hex")}`;
const sdk = new Stripe("sk_test_unused");
let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ PROCESSOR_WEBHOOK_SECRET: SECRET }, ["accounts", "work", "payments"])));
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;
let counter = 0;

/** An invoice with a PENDING card payment whose PaymentIntent id is returned. */
async function pendingCardPayment() {
  const invoice = await db().invoice.create({ data: { invoiceNumber: `WH-${++counter}`, clientId: p.client.userId, amount: "99.99" } });
  const intentId = `pi_${randomBytes(8).toString("hex")}`;
  const payment = await db().payment.create({
    data: { invoiceId: invoice.id, amount: "99.99", transactionId: intentId, paymentMethod: "CREDIT_CARD" },
  });
  return { invoice, payment, intentId };
}

function event(type: string, object: Record<string, unknown>, id = `evt_${randomBytes(8).toString("hex")}`) {
  return JSON.stringify({ id, object: "event", type, data: { object } });
}

/** Signed with the processor SDK's own test helper, exactly as the processor signs deliveries. */
function sign(payload: string, { secret = SECRET, timestamp = Math.floor(Date.now() / 1000) } = {}) {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

const deliver = (payload: string, signature: string | undefined, client = t.http) =>
  client.request("POST", client === t.http ? "/api/payment/webhooks/processor" : "/webhooks/processor", {
    body: payload,
    headers: { "content-type": "application/json", ...(signature ? { "processor-signature": signature } : {}) },
  });

describe("processor webhook", () => {
  test("payment_intent.succeeded: payment COMPLETED with processedAt, invoice PAID with paidDate", async () => {
    const { invoice, payment, intentId } = await pendingCardPayment();
    const payload = event("payment_intent.succeeded", { id: intentId, object: "payment_intent" });
    const response = await deliver(payload, sign(payload));
    assert.deepEqual([response.status, response.body], [200, { received: true }]);
    const paid = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    assert.equal(paid.status, "COMPLETED");
    assert.ok(paid.processedAt);
    const updated = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    assert.equal(updated.status, "PAID");
    assert.equal(updated.paidDate?.toISOString().slice(0, 10), new Date().toISOString().slice(0, 10));
  });

  test("payment_intent.payment_failed: FAILED; charge.refunded (by payment_intent): REFUNDED", async () => {
    const failing = await pendingCardPayment();
    const failed = event("payment_intent.payment_failed", { id: failing.intentId });
    assert.equal((await deliver(failed, sign(failed))).status, 200);
    assert.equal((await db().payment.findUniqueOrThrow({ where: { id: failing.payment.id } })).status, "FAILED");
    assert.equal((await db().invoice.findUniqueOrThrow({ where: { id: failing.invoice.id } })).status, "DRAFT");
    const refunding = await pendingCardPayment();
    const refunded = event("charge.refunded", { id: "ch_1", object: "charge", payment_intent: refunding.intentId });
    assert.equal((await deliver(refunded, sign(refunded), t.direct("payment"))).status, 200);
    assert.equal((await db().payment.findUniqueOrThrow({ where: { id: refunding.payment.id } })).status, "REFUNDED");
  });

  test("a redelivered event answers 200 and changes nothing", async () => {
    const { payment, intentId } = await pendingCardPayment();
    const id = `evt_${randomBytes(8).toString("hex")}`;
    const failed = event("payment_intent.payment_failed", { id: intentId }, id);
    await deliver(failed, sign(failed));
    await db().payment.update({ where: { id: payment.id }, data: { status: "PROCESSING" } });
    const before = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    const again = await deliver(failed, sign(failed));
    assert.deepEqual([again.status, again.body], [200, { received: true }]);
    assert.deepEqual(await db().payment.findUniqueOrThrow({ where: { id: payment.id } }), before);
    assert.equal(await db().processorEvent.count({ where: { id } }), 1);
  });

  test("concurrent deliveries of one event apply it once", async () => {
    const { payment, intentId } = await pendingCardPayment();
    const id = `evt_${randomBytes(8).toString("hex")}`;
    const payload = event("payment_intent.succeeded", { id: intentId }, id);
    const results = await Promise.all(Array.from({ length: 8 }, () => deliver(payload, sign(payload))));
    assert.deepEqual(results.map((r) => r.status), Array(8).fill(200));
    assert.equal(await db().processorEvent.count({ where: { id } }), 1);
    const applied = await db().processorEvent.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([applied.outcome, applied.paymentId], ["applied", payment.id]);
  });

  test("forged, missing, stale and future signatures: 400 text, nothing applied", async () => {
    const { payment, intentId } = await pendingCardPayment();
    const payload = event("payment_intent.succeeded", { id: intentId });
    const now = Math.floor(Date.now() / 1000);
    const signatures = {
      forged: sign(payload, { secret: "whsec_not_ours" }),
      missing: undefined,
      stale: sign(payload, { timestamp: now - 360 }),
      // A minute past the tolerance: the deliveries before it take time on a loaded machine.
      future: sign(payload, { timestamp: now + 360 }),
      garbage: "t=abc,v1=zz",
      "no v1": `t=${now}`,
      "another body": sign(payload.replace("succeeded", "payment_failed")),
    };
    for (const [what, signature] of Object.entries(signatures)) {
      const response = await deliver(payload, signature);
      assert.equal(response.status, 400, what);
      assert.equal(response.text, "Invalid webhook signature", what);
      assert.match(response.headers.get("content-type")!, /^text\/plain/);
    }
    assert.equal((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status, "PENDING");
  });

  test("unknown event types and unmatched PaymentIntents are acknowledged and recorded, nothing else", async () => {
    const before = await db().payment.findMany({ orderBy: { id: "asc" } });
    const unknown = event("customer.created", { id: "cus_1" });
    assert.deepEqual((await deliver(unknown, sign(unknown))).body, { received: true });
    const unmatched = event("payment_intent.succeeded", { id: "pi_nobody" });
    assert.deepEqual((await deliver(unmatched, sign(unmatched))).body, { received: true });
    assert.deepEqual(await db().payment.findMany({ orderBy: { id: "asc" } }), before);
    const outcomes = (await db().processorEvent.findMany({ where: { id: { in: [JSON.parse(unknown).id, JSON.parse(unmatched).id] } } })).map((e) => e.outcome).sort();
    assert.deepEqual(outcomes, ["ignored", "unmatched"]);
  });

  test("a correctly signed body that is not an event is a 400", async () => {
    for (const payload of ["{not json", JSON.stringify({ type: "x" }), JSON.stringify([1])]) {
      const response = await deliver(payload, sign(payload));
      assert.deepEqual([response.status, response.text], [400, "Invalid webhook payload"]);
    }
  });

  test("a signed event holding NUL or an unpaired surrogate (JSON escapes: the body has neither) where it is stored or looked up: 400, nothing recorded", async () => {
    const { payment, intentId } = await pendingCardPayment();
    const refund = { object: "refund", payment_intent: intentId, status: "succeeded", amount: 100, currency: "usd" };
    const payloads = [
      event("payment_intent.succeeded", { id: intentId }, "evt_\u0000"),
      event("payment_intent.succeeded", { id: intentId }, "evt_\ud800"),
      event("payment_intent.succeeded\u0000", { id: intentId }),
      event("payment_intent.succeeded", { id: `${intentId}\u0000` }),
      event("refund.created", { ...refund, id: "re_\u0000" }),
      event("charge.refunded", { id: "ch_1", payment_intent: intentId, amount_refunded: 100, currency: "usd", refunds: { data: [{ ...refund, id: "re_\udc00" }] } }),
    ];
    const before = { events: await db().processorEvent.count(), payment: await db().payment.findUniqueOrThrow({ where: { id: payment.id } }), refunds: await db().refund.count() };
    for (const payload of payloads) {
      assert.match(payload, /^[\x20-\x7e]*$/, "the body itself is printable ASCII");
      const response = await deliver(payload, sign(payload));
      assert.deepEqual([response.status, response.text], [400, "Invalid webhook payload"], payload);
    }
    assert.deepEqual({ events: await db().processorEvent.count(), payment: await db().payment.findUniqueOrThrow({ where: { id: payment.id } }), refunds: await db().refund.count() }, before);
  });

  test("without a configured secret the webhook answers 503", async () => {
    const bare = await startWithPeople({}, ["accounts", "work", "payments"]);
    try {
      const payload = event("payment_intent.succeeded", { id: "pi_x" });
      const response = await bare.t.http.request("POST", "/api/payment/webhooks/processor", {
        body: payload,
        headers: { "content-type": "application/json", "processor-signature": sign(payload) },
      });
      assert.equal(response.status, 503);
    } finally {
      await bare.t.stop();
    }
  });
});
