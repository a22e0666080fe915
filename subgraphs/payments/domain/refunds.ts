import { Prisma, type Payment, type RefundStatus } from "../../../generated/prisma/client.js";
import { BadRequestError } from "../../../lib/errors.js";
import { unstorableText } from "../../../lib/storable-text.js";
import { currencyCode, statedMinorAmount } from "./money.js";

/** Raised for an event whose contents do not parse: 400, and the transaction recording it rolls back. */
export const invalidPayload = () => new BadRequestError("Invalid webhook payload");

/** A processor refund object (`refund.*` events, and the list a Charge may carry), as read from the event. */
export interface StatedRefund {
  processorRefundId: string;
  amount: string;
  currency: string;
  status: RefundStatus;
  refundedAt: Date;
}

const STATUSES: Record<string, RefundStatus> = {
  pending: "PENDING",
  requires_action: "REQUIRES_ACTION",
  succeeded: "SUCCEEDED",
  failed: "FAILED",
  canceled: "CANCELED",
};

/** A valid ISO 4217 code the processor states (lower-case on the wire), or a 400. */
export function statedCurrency(value: unknown): string {
  if (typeof value !== "string") throw invalidPayload();
  try {
    return currencyCode(value);
  } catch {
    throw invalidPayload();
  }
}

/** An amount in minor units the processor states, or a 400. */
export function statedAmount(minor: unknown, currency: string): string {
  const amount = statedMinorAmount(minor, currency);
  if (amount === undefined) throw invalidPayload();
  return amount;
}

/** Reads one refund object; anything missing or malformed is a 400. */
export function parseRefund(object: unknown): StatedRefund {
  const refund = (object ?? {}) as Record<string, unknown>;
  const { id, status, created } = refund;
  if (typeof id !== "string" || id.length === 0 || id.length > 255 || unstorableText(id)) throw invalidPayload();
  if (typeof status !== "string" || !(status in STATUSES)) throw invalidPayload();
  if (created !== undefined && (typeof created !== "number" || !Number.isSafeInteger(created) || created < 0)) throw invalidPayload();
  const currency = statedCurrency(refund.currency);
  return {
    processorRefundId: id,
    amount: statedAmount(refund.amount, currency),
    currency,
    status: STATUSES[status],
    refundedAt: created === undefined ? new Date() : new Date(created * 1000),
  };
}

/** The refunds a Charge lists (`refunds.data`), when it carries them. */
export function listedRefunds(charge: Record<string, unknown>): StatedRefund[] {
  const list = charge.refunds as { data?: unknown } | undefined | null;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list.data)) throw invalidPayload();
  return list.data.map(parseRefund);
}

/** What the processor says of a payment's refunds: refund objects, and (Charge events) its refunded total and whether that is all. */
export interface RefundReport {
  refunds: StatedRefund[];
  total?: string;
  full?: boolean;
}

/**
 * Records what the processor reported, on a payment whose invoice is locked: each refund once by its
 * id (a report again only updates its status); the payment's refunded total becomes the largest of
 * what it was, the stated total and its SUCCEEDED refunds in its own currency, and a total reaching the
 * amount (or a Charge saying it is fully refunded) makes the payment REFUNDED.
 */
export async function recordRefunds(tx: Prisma.TransactionClient, payment: Payment, report: RefundReport): Promise<void> {
  for (const refund of report.refunds) {
    const existing = await tx.refund.findUnique({ where: { processorRefundId: refund.processorRefundId } });
    if (existing && existing.paymentId !== payment.id) throw invalidPayload();
    if (existing) await tx.refund.update({ where: { id: existing.id }, data: { status: refund.status } });
    else await tx.refund.create({ data: { ...refund, paymentId: payment.id } });
  }
  const succeeded = await tx.refund.aggregate({
    where: { paymentId: payment.id, status: "SUCCEEDED", currency: payment.currency },
    _sum: { amount: true },
  });
  const stated = report.total === undefined ? payment.refundedAmount : new Prisma.Decimal(report.total);
  const refundedAmount = Prisma.Decimal.max(payment.refundedAmount, stated, succeeded._sum.amount ?? payment.refundedAmount);
  const full = report.full === true || refundedAmount.gte(payment.amount);
  await tx.payment.update({
    where: { id: payment.id },
    data: { refundedAmount, ...(full ? { status: "REFUNDED" } : {}) },
  });
}
