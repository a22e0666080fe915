import type { Payment, Prisma } from "../../../generated/prisma/client.js";
import { BadRequestError, ServiceUnavailableError } from "../../../lib/errors.js";
import { unstorableText } from "../../../lib/storable-text.js";
import type { PaymentsContext } from "../context.js";
import { isValidSignature } from "./webhook-signature.js";
import { invalidPayload, listedRefunds, parseRefund, recordRefunds, statedAmount, statedCurrency, type RefundReport } from "./refunds.js";
import { lockInvoice, settleInvoice } from "./settlement.js";

/** The event's object: a PaymentIntent (`payment_intent.*`), a Charge (`charge.refunded`) or a Refund (`refund.*`). */
type EventObject = Record<string, unknown>;

interface ProcessorEvent {
  id: string;
  type: string;
  data?: { object?: EventObject };
}

/**
 * What an event does to the payment it is about (already re-read under its invoice's lock): false
 * when it changes nothing (it is superseded by what the payment already is).
 */
type Change = (tx: Prisma.TransactionClient, payment: Payment, object: EventObject) => Promise<boolean>;

/**
 * A success records what the processor says it received (amount and currency, so a PaymentIntent
 * made for less pays only that much); it never revives a payment that was refunded or cancelled,
 * whatever order the processor delivers its events in.
 */
const succeeded: Change = async (tx, payment, object) => {
  if (payment.status === "REFUNDED" || payment.status === "CANCELLED") return false;
  let received: { amount: string; currency: string } | undefined;
  if (object.amount_received !== undefined) {
    const currency = statedCurrency(object.currency);
    received = { amount: statedAmount(object.amount_received, currency), currency };
  }
  await tx.payment.update({ where: { id: payment.id }, data: { status: "COMPLETED", processedAt: new Date(), ...received } });
  return true;
};

/** A failure never undoes a success that arrived first. */
const failed: Change = async (tx, payment) => {
  if (payment.status !== "PENDING" && payment.status !== "PROCESSING") return false;
  await tx.payment.update({ where: { id: payment.id }, data: { status: "FAILED" } });
  return true;
};

/**
 * A Charge states the refunded total of all its refunds so far (`amount_refunded`, in its currency),
 * whether that is all of it (`refunded`), and may list the refunds. Without a total it is taken as a
 * full refund (the event's documented meaning).
 */
const chargeRefunded: Change = async (tx, payment, charge) => {
  const report: RefundReport = { refunds: listedRefunds(charge) };
  if (charge.amount_refunded === undefined) {
    Object.assign(report, { total: payment.amount.toFixed(2), full: true });
  } else {
    const currency = charge.currency === undefined ? payment.currency : statedCurrency(charge.currency);
    const total = statedAmount(charge.amount_refunded, currency);
    if (currency === payment.currency) Object.assign(report, { total, full: charge.refunded === true });
  }
  await recordRefunds(tx, payment, report);
  return true;
};

/** One refund, created or changed. */
const refundReported: Change = async (tx, payment, refund) => {
  await recordRefunds(tx, payment, { refunds: [parseRefund(refund)] });
  return true;
};

const CHANGES: Record<string, Change> = {
  "payment_intent.succeeded": succeeded,
  "payment_intent.payment_failed": failed,
  "charge.refunded": chargeRefunded,
  "refund.created": refundReported,
  "refund.updated": refundReported,
  "charge.refund.updated": refundReported,
};

function parseEvent(payload: string): ProcessorEvent {
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw invalidPayload();
  }
  const { id, type, data } = (event ?? {}) as Partial<ProcessorEvent>;
  // JSON's escapes can carry what the body itself cannot (`\u0000`): the id and type are stored as they are.
  if (typeof id !== "string" || id.length === 0 || id.length > 255 || typeof type !== "string" || type.length > 100 || unstorableText(id) || unstorableText(type)) {
    throw invalidPayload();
  }
  if (data !== undefined && (typeof data !== "object" || data === null || (data.object !== undefined && typeof data.object !== "object"))) {
    throw invalidPayload();
  }
  return event as ProcessorEvent;
}

/** The PaymentIntent id the event is about: the object itself for `payment_intent.*`, its field otherwise (looked up: text the database refuses is a 400). */
function paymentIntentOf(event: ProcessorEvent): string | undefined {
  const object = event.data?.object;
  const id = event.type.startsWith("payment_intent.") ? object?.id : object?.payment_intent;
  if (typeof id !== "string") return undefined;
  if (unstorableText(id)) throw invalidPayload();
  return id;
}

/**
 * Finds the payment by its PaymentIntent, locks its invoice, re-reads the payment under that lock
 * (so two events about one invoice apply one after the other, each on what the other left), applies
 * the change and settles the invoice.
 */
async function apply(tx: Prisma.TransactionClient, event: ProcessorEvent): Promise<{ outcome: string; paymentId?: number }> {
  const change = CHANGES[event.type];
  if (!change) return { outcome: "ignored" };
  const intentId = paymentIntentOf(event);
  const found = intentId ? await tx.payment.findUnique({ where: { transactionId: intentId } }) : null;
  if (!found) return { outcome: "unmatched" };
  await lockInvoice(tx, found.invoiceId);
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
  if (!(await change(tx, payment, event.data?.object ?? {}))) return { outcome: "superseded", paymentId: payment.id };
  await settleInvoice(tx, payment.invoiceId);
  return { outcome: "applied", paymentId: payment.id };
}

/**
 * Verifies the signature, then applies the event once: the event id is recorded in the same
 * transaction as its changes, so a redelivery (even a concurrent one) finds it and changes nothing.
 */
export async function receiveProcessorEvent(ctx: PaymentsContext, payload: string, signature: string | null | undefined) {
  if (!ctx.webhookSecret) throw new ServiceUnavailableError("Webhook secret not configured");
  if (!isValidSignature(payload, signature, ctx.webhookSecret)) throw new BadRequestError("Invalid webhook signature");
  const event = parseEvent(payload);
  await ctx.db.$transaction(async (tx) => {
    const recorded = await tx.processorEvent.createMany({
      data: [{ id: event.id, type: event.type, outcome: "received" }],
      skipDuplicates: true,
    });
    if (recorded.count === 0) return;
    const { outcome, paymentId } = await apply(tx, event);
    await tx.processorEvent.update({ where: { id: event.id }, data: { outcome, paymentId } });
    ctx.log.info({ event: event.id, type: event.type, outcome }, "processor event");
  });
  return { received: true };
}
