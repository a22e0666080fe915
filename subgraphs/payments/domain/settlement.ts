import { Prisma, type Invoice, type InvoiceStatus, type Payment } from "../../../generated/prisma/client.js";

/** What an invoice that was PAID becomes when its payments no longer cover it (a full refund). */
export const UNCOVERED_STATUS: InvoiceStatus = "PENDING";

/**
 * Locks the invoice's row until the transaction ends (false when there is none). Whatever changes an
 * invoice's payments takes this lock before it reads them, so changes to one invoice are serialized.
 */
export async function lockInvoice(tx: Prisma.TransactionClient, invoiceId: number): Promise<boolean> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM invoices WHERE id = ${invoiceId} FOR UPDATE`;
  return locked.length > 0;
}

/**
 * Moves an invoice into or out of `PAID` by what it is owed and what it has received: `PAID` exactly
 * when its COMPLETED payments in the invoice's own currency add up to its amount. A payment in
 * another currency never counts; a partial refund is recorded on its payment and leaves the invoice
 * as it is; a fully refunded payment is REFUNDED and no longer counts, so a PAID invoice it had
 * covered goes back to PENDING (its paid date cleared). The invoice row is locked first, so two
 * events settling one invoice at once are applied one after the other.
 */
export async function settleInvoice(tx: Prisma.TransactionClient, invoiceId: number, now = new Date()): Promise<void> {
  if (!(await lockInvoice(tx, invoiceId))) return;
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
  const received = await tx.payment.aggregate({
    where: { invoiceId, status: "COMPLETED", currency: invoice.currency },
    _sum: { amount: true },
  });
  const covered = (received._sum.amount ?? new Prisma.Decimal(0)).gte(invoice.amount);
  if (covered && invoice.status !== "PAID") {
    await tx.invoice.update({ where: { id: invoiceId }, data: { status: "PAID", paidDate: new Date(now.toISOString().slice(0, 10)) } });
  } else if (!covered && invoice.status === "PAID") {
    await tx.invoice.update({ where: { id: invoiceId }, data: { status: UNCOVERED_STATUS, paidDate: null } });
  }
}

type Counted = Pick<Payment, "status" | "currency" | "amount" | "refundedAmount">;

const sum = (payments: readonly Counted[], value: (payment: Counted) => Prisma.Decimal) =>
  payments.reduce((total, payment) => total.plus(value(payment)), new Prisma.Decimal(0));

/** What counts towards an invoice: its COMPLETED payments in its own currency. */
export function amountPaid(invoice: Pick<Invoice, "currency">, payments: readonly Counted[]): Prisma.Decimal {
  return sum(payments.filter((payment) => payment.status === "COMPLETED" && payment.currency === invoice.currency), (p) => p.amount);
}

/** What the processor has refunded of the invoice's payments in its own currency. */
export function amountRefunded(invoice: Pick<Invoice, "currency">, payments: readonly Counted[]): Prisma.Decimal {
  return sum(payments.filter((payment) => payment.currency === invoice.currency), (p) => p.refundedAmount);
}
