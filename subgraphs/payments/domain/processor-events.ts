import type { PaymentStatus, Prisma } from "../../../generated/prisma/client.js";
import { BadRequestError, ServiceUnavailableError } from "../../../lib/errors.js";
import type { PaymentsContext } from "../context.js";
import { isValidSignature } from "./webhook-signature.js";

interface ProcessorEvent {
  id: string;
  type: string;
  data?: { object?: { id?: unknown; payment_intent?: unknown } };
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

async function apply(tx: Prisma.TransactionClient, event: ProcessorEvent): Promise<{ outcome: string; paymentId?: number }> {
  const status = PAYMENT_STATUS_BY_EVENT[event.type];
  if (!status) return { outcome: "ignored" };
  const intentId = paymentIntentOf(event);
  const payment = intentId ? await tx.payment.findUnique({ where: { transactionId: intentId } }) : null;
  if (!payment) return { outcome: "unmatched" };
  const now = new Date();
  await tx.payment.update({
    where: { id: payment.id },
    data: { status, ...(status === "COMPLETED" ? { processedAt: now } : {}) },
  });
  if (status === "COMPLETED") {
    await tx.invoice.updateMany({
      where: { id: payment.invoiceId, status: { not: "PAID" } },
      data: { status: "PAID", paidDate: new Date(now.toISOString().slice(0, 10)) },
    });
  }
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
