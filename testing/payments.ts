import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { People } from "./people.js";
import type { TestPlatform } from "./platform.js";
import type { HttpResponse } from "./http.js";

/** A fresh webhook signing secret in the processor's format. */
export const webhookSecret = () => `whsec_${randomBytes(16).toString("hex")}`;

/** A processor-style id (`pi_…`, `re_…`, `evt_…`). */
export const processorId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

const sdk = new Stripe("sk_test_unused");

/**
 * Invoices, card payments and signed processor events against one test platform, through its real
 * HTTP ports: what the payments tests share.
 */
export function paymentsFixture(get: () => { t: TestPlatform; p: People }, secret: string) {
  let counter = 0;
  const db = () => get().t.platform.runtime.db.prisma;

  /** A new invoice for the client, made by staff through REST. */
  async function invoiceOf(amount: string, currency = "USD"): Promise<number> {
    const { t, p } = get();
    const created = await t.http.post(
      "/api/payment/invoices",
      { invoiceNumber: `PAY-${process.pid}-${randomBytes(3).toString("hex")}-${++counter}`, clientId: p.client.userId, amount, currency },
      { token: p.staff.token },
    );
    assert.equal(created.status, 201, created.text);
    return created.body.id;
  }

  /** A PENDING card payment of `amount`, as a PaymentIntent made for it earlier left it; its PaymentIntent id. */
  async function cardPayment(invoiceId: number, amount: string, currency = "USD"): Promise<string> {
    const intentId = processorId("pi");
    await db().payment.create({ data: { invoiceId, amount, currency, transactionId: intentId, paymentMethod: "CREDIT_CARD" } });
    return intentId;
  }

  /** Posts one processor event, signed with the processor SDK's own helper; the raw answer. */
  function post(type: string, object: Record<string, unknown>, id = processorId("evt")): Promise<HttpResponse> {
    const payload = JSON.stringify({ id, object: "event", type, data: { object } });
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
    return get().t.http.request("POST", "/api/payment/webhooks/processor", {
      body: payload,
      headers: { "content-type": "application/json", "processor-signature": signature },
    });
  }

  /** Delivers one processor event and expects it acknowledged. */
  async function deliver(type: string, object: Record<string, unknown>, id?: string): Promise<void> {
    const response = await post(type, object, id);
    assert.equal(response.status, 200, response.text);
  }

  const succeeded = (intentId: string, amountReceived?: number, currency = "usd", id?: string) =>
    deliver(
      "payment_intent.succeeded",
      { id: intentId, object: "payment_intent", ...(amountReceived === undefined ? {} : { amount_received: amountReceived, currency }) },
      id,
    );

  /** The invoice as its client (or `token`) reads it through the graph. */
  async function invoiceState(invoiceId: number, token = get().p.client.token) {
    const response = await get().t.http.graphql(
      `query($id: ID!) { invoice(id: $id) { status paidDate amountPaid amountRefunded
        payments { id status amount currency refundedAmount refunds { processorRefundId amount currency status refundedAt } } } }`,
      { id: invoiceId },
      token,
    );
    assert.equal(response.body.errors, undefined, response.text);
    return response.body.data.invoice;
  }

  return { db, invoiceOf, cardPayment, post, deliver, succeeded, invoiceState };
}
