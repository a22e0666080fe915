import { Prisma } from "../../../generated/prisma/client.js";
import { isStaff, requirePrincipal } from "../../../lib/auth/request-auth.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import type { PaymentsContext } from "../context.js";
import { requireProcessor } from "./card-processor.js";
import { toMinorUnits } from "./money.js";

/**
 * A card PaymentIntent for what is still owed on the invoice (its amount less completed payments),
 * and a PENDING payment linked to it by the PaymentIntent id. The idempotency key is per invoice and
 * amount, so asking again returns the same PaymentIntent and the same payment.
 */
export async function createPaymentIntent(ctx: PaymentsContext, invoiceId: number) {
  const principal = requirePrincipal(ctx.auth);
  const invoice = await ctx.loaders.invoiceById.load(invoiceId);
  if (!invoice) throw new NotFoundError("Invoice not found");
  if (!isStaff(principal) && invoice.clientId !== principal.userId) {
    throw new ForbiddenError("Forbidden: you can only pay your own invoices");
  }
  // Only a caller who may pay this invoice learns whether card payments are configured.
  const processor = requireProcessor(ctx.processor);
  if (invoice.status === "PAID") throw new ConflictError("Invoice is already paid");
  const paid = await ctx.db.payment.aggregate({ where: { invoiceId, status: "COMPLETED", currency: invoice.currency }, _sum: { amount: true } });
  const outstanding = invoice.amount.minus(paid._sum.amount ?? new Prisma.Decimal(0));
  if (outstanding.lte(0)) throw new ConflictError("Invoice is already paid");
  const amount = outstanding.toFixed(2);
  const amountMinor = toMinorUnits(amount, invoice.currency);
  const intent = await processor.createPaymentIntent({
    amountMinor,
    currency: invoice.currency,
    invoiceId,
    idempotencyKey: `invoice-${invoiceId}-${amountMinor}-${invoice.currency}`,
  });
  const payment = await linkPayment(ctx, { invoiceId, amount, currency: invoice.currency, transactionId: intent.id });
  return { clientSecret: intent.clientSecret, paymentId: payment.id };
}

async function linkPayment(ctx: PaymentsContext, data: { invoiceId: number; amount: string; currency: string; transactionId: string }) {
  const existing = await ctx.db.payment.findUnique({ where: { transactionId: data.transactionId } });
  if (existing) return existing;
  try {
    return await ctx.db.payment.create({
      data: { ...data, status: "PENDING", paymentMethod: "CREDIT_CARD", paymentProcessor: "stripe" },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return ctx.db.payment.findUniqueOrThrow({ where: { transactionId: data.transactionId } });
  }
}
