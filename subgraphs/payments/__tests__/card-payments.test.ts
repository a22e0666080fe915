// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startCardProcessorServer, type CardProcessorServer } from "../../../testing/card-processor-server.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let processor: CardProcessorServer;
let t: TestPlatform;
let p: People;
before(async () => {
  processor = await startCardProcessorServer();
  ({ t, p } = await startWithPeople({ PROCESSOR_SECRET_KEY: processor.secretKey, PROCESSOR_API_URL: processor.server.url }, ["accounts", "work", "payments"]));
});
after(async () => {
  await t.stop();
  await processor.close();
});

let counter = 0;
async function invoiceFor(clientId: number, body: Record<string, unknown> = {}) {
  const response = await t.http.post(
    "/api/payment/invoices",
    { invoiceNumber: `CARD-${++counter}`, clientId, amount: "1500.25", ...body },
    { token: p.staff.token },
  );
  assert.equal(response.status, 201, response.text);
  return response.body;
}
const pay = (invoiceId: unknown, token = p.client.token) =>
  t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId }, { token });

describe("card payments through the processor's SDK", () => {
  test("a PaymentIntent for the outstanding amount in minor units, and a PENDING payment linked to it", async () => {
    const invoice = await invoiceFor(p.client.userId);
    await t.http.post("/api/payment/payments", { invoiceId: invoice.id, amount: "500.00", status: "COMPLETED" }, { token: p.staff.token });
    const response = await pay(invoice.id);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ["clientSecret", "paymentId"]);
    const sent = processor.requests.at(-1)!;
    assert.deepEqual([sent.amount, sent.currency, sent.metadata.invoiceId], [100025, "usd", String(invoice.id)]);
    assert.match(sent.idempotencyKey!, new RegExp(`^invoice-${invoice.id}-`));
    const intent = [...processor.intents.values()].find((x) => x.client_secret === response.body.clientSecret)!;
    const payment = await t.platform.runtime.db.prisma.payment.findUniqueOrThrow({ where: { id: response.body.paymentId } });
    assert.deepEqual(
      [payment.status, payment.transactionId, payment.amount.toFixed(2), payment.paymentMethod, payment.invoiceId],
      ["PENDING", intent.id, "1000.25", "CREDIT_CARD", invoice.id],
    );
  });

  test("asking again returns the same PaymentIntent and payment (idempotency key per invoice)", async () => {
    const invoice = await invoiceFor(p.client.userId);
    const first = await pay(invoice.id);
    const [second, third] = await Promise.all([pay(invoice.id), pay(invoice.id, p.staff.token)]);
    assert.equal(second.body.paymentId, first.body.paymentId);
    assert.equal(third.body.paymentId, first.body.paymentId);
    assert.equal(second.body.clientSecret, first.body.clientSecret);
    assert.equal(await t.platform.runtime.db.prisma.payment.count({ where: { invoiceId: invoice.id } }), 1);
  });

  test("currencies without minor units are sent as whole units", async () => {
    const invoice = await invoiceFor(p.client.userId, { currency: "JPY", amount: "1500" });
    assert.equal((await pay(invoice.id)).status, 200);
    assert.deepEqual([processor.requests.at(-1)!.amount, processor.requests.at(-1)!.currency], [1500, "jpy"]);
  });

  test("only the invoice's client or staff may pay it; missing and paid invoices are refused", async () => {
    const invoice = await invoiceFor(p.client.userId);
    const before = processor.requests.length;
    const stranger = await pay(invoice.id, p.otherClient.token);
    assert.deepEqual([stranger.status, stranger.body], [403, { error: "Forbidden: you can only pay your own invoices" }]);
    assert.deepEqual([(await pay(999999)).status, (await pay(999999)).body], [404, { error: "Invoice not found" }]);
    assert.deepEqual((await pay("abc")).body, { field: "invoiceId", message: "Invalid invoice ID" });
    assert.equal((await pay(undefined)).status, 400);
    await t.platform.runtime.db.prisma.invoice.update({ where: { id: invoice.id }, data: { status: "PAID" } });
    assert.equal((await pay(invoice.id)).status, 409);
    assert.equal(processor.requests.length, before, "nothing reached the processor");
  });

  test("a processor that refuses (a wrong key) is a 502, and nothing is written", async () => {
    const other = await startTestPlatform({ PROCESSOR_SECRET_KEY: "sk_test_wrong", PROCESSOR_API_URL: processor.server.url }, ["accounts", "work", "payments"]);
    try {
      const { registerPeople } = await import("../../../testing/people.js");
      const people = await registerPeople(other.http);
      const invoice = await other.http.post("/api/payment/invoices", { invoiceNumber: "X-1", clientId: people.client.userId, amount: 10 }, { token: people.staff.token });
      const response = await other.http.post("/api/payment/invoices/create-payment-intent", { invoiceId: invoice.body.id }, { token: people.client.token });
      assert.equal(response.status, 502);
      assert.match(response.body.error, /^Card processor error/);
      assert.equal(await other.platform.runtime.db.prisma.payment.count(), 0);
    } finally {
      await other.stop();
    }
  });
});

describe("card payments without a processor key", () => {
  test('answer 503 "Stripe not configured"', async () => {
    const bare = await startWithPeople({}, ["accounts", "work", "payments"]);
    try {
      const invoice = await bare.t.http.post("/api/payment/invoices", { invoiceNumber: "N-1", clientId: bare.p.client.userId, amount: 10 }, { token: bare.p.staff.token });
      const response = await bare.t.http.post("/api/payment/invoices/create-payment-intent", { invoiceId: invoice.body.id }, { token: bare.p.client.token });
      assert.deepEqual([response.status, response.body], [503, { error: "Stripe not configured" }]);
      const graph = await bare.t.http.graphql(`mutation($id: ID!) { createPaymentIntent(invoiceId: $id) { paymentId } }`, { id: invoice.body.id }, bare.p.client.token);
      assert.equal(graph.body.errors?.[0].extensions.code, "SERVICE_UNAVAILABLE");
    } finally {
      await bare.t.stop();
    }
  });
});
