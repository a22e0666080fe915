import type { Payment, PaymentStatus, Prisma } from "../../../generated/prisma/client.js";
import { BadRequestError, ServiceUnavailableError } from "../../../lib/errors.js";
import type { PaymentsContext } from "../context.js";
import { isValidSignature } from "./webhook-signature.js";
import { currencyCode, fromMinorUnits } from "./money.js";
import { settleInvoice } from "./settlement.js";

/** The fields of the event's object we read: a PaymentIntent (`payment_intent.*`) or a Charge (`charge.*`). */
interface EventObject {
  id?: unknown;
  payment_intent?: unknown;
  currency?: unknown;
  /** PaymentIntent: what was received, in minor units. */
  amount_received?: unknown;
  /** Charge: what has been refunded so far (all refunds together), in minor units, and whether that is all of it. */
  amount_refunded?: unknown;
  refunded?: unknown;
}

interface ProcessorEvent {
  id: string;
  type: string;
  data?: { object?: EventObject };
}

/** What each event type does to the payment its PaymentIntent belongs to. */
const PAYMENT_STATUS_BY_EVENT: Record<string, PaymentStatus> = {
  "payment_intent.succeeded": "COMPLETED",
  "payment_intent.payment_failed": "FAILED",
  "charge.refunded": "REFUNDED",
};

function parseEvent(payload: string): ProcessorEvent {
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new BadRequestError("Invalid webhook payload");
  }
  const { id, type } = (event ?? {}) as Partial<ProcessorEvent>;
  if (typeof id !== "string" || id.length === 0 || id.length > 255 || typeof type !== "string" || type.length > 100) {
    throw new BadRequestError("Invalid webhook payload");
  }
  return event as ProcessorEvent;
}

/** The PaymentIntent id the event is about: the object itself for `payment_intent.*`, its field for `charge.*`. */
function paymentIntentOf(event: ProcessorEvent): string | undefined {
  const object = event.data?.object;
  const id = event.type.startsWith("charge.") ? object?.payment_intent : object?.id;
  return typeof id === "string" ? id : undefined;
}

/** An amount in minor units and its currency as the processor states them, when it does (and validly). */
function statedAmount(minor: unknown, currency: unknown): { amount: string; currency: string } | undefined {
  if (typeof minor !== "number" || !Number.isSafeInteger(minor) || minor < 0 || typeof currency !== "string") return undefined;
  try {
    const code = currencyCode(currency);
    return { amount: fromMinorUnits(minor, code), currency: code };
  } catch {
    return undefined;
  }
}

/**
 * What the event changes on its payment. A success records what the processor says it received (its
 * amount and currency, so a PaymentIntent made for a smaller amount pays only that much); a failure
 * never undoes a success that arrived first; a refund records the refunded total, and only a full one
 * makes the payment REFUNDED.
 */
function paymentChanges(status: PaymentStatus, payment: Payment, object: EventObject, now: Date): Prisma.PaymentUpdateInput | undefined {
  if (status === "COMPLETED") {
    const received = statedAmount(object.amount_received, object.currency);
    return { status, processedAt: now, ...(received ?? {}) };
  }
  if (status === "FAILED") return payment.status === "PENDING" || payment.status === "PROCESSING" ? { status } : undefined;
  const refunded = statedAmount(object.amount_refunded, payment.currency);
  if (!refunded) return { status, refundedAmount: payment.amount };
  const refundedAmount = payment.refundedAmount.gt(refunded.amount) ? payment.refundedAmount : refunded.amount;
  const full = object.refunded === true || payment.amount.lte(refundedAmount);
  return full ? { status, refundedAmount } : { refundedAmount };
}

async function apply(tx: Prisma.TransactionClient, event: ProcessorEvent): Promise<{ outcome: string; paymentId?: number }> {
  const status = PAYMENT_STATUS_BY_EVENT[event.type];
  if (!status) return { outcome: "ignored" };
  const intentId = paymentIntentOf(event);
  const payment = intentId ? await tx.payment.findUnique({ where: { transactionId: intentId } }) : null;
  if (!payment) return { outcome: "unmatched" };
  const changes = paymentChanges(status, payment, event.data?.object ?? {}, new Date());
  if (!changes) return { outcome: "superseded", paymentId: payment.id };
  await tx.payment.update({ where: { id: payment.id }, data: changes });
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
