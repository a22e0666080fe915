import type { Payment, Prisma } from "../../../generated/prisma/client.js";
import { isStaff, requirePrincipal, requireStaff } from "../../../lib/auth/request-auth.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { optionalText, refuseNull, requireField, validateId } from "../../../lib/validation.js";
import type { PaymentInput } from "../__generated__/resolvers-types.js";
import type { PaymentsContext } from "../context.js";
import { loadAccessibleInvoice } from "./access.js";
import { currencyCode, feeAmount, positiveAmount } from "./money.js";
import { paymentMethod } from "./overview-names.js";
import { settleInvoice } from "./settlement.js";

const MAX_REFERENCE = 100;
const MAX_LABEL = 50;

/** A CLIENT sees the payments of their own invoices; staff all. Optionally those of one invoice. */
export async function listPayments(ctx: PaymentsContext, invoiceId: number | undefined): Promise<Payment[]> {
  const principal = requirePrincipal(ctx.auth);
  if (invoiceId !== undefined) await loadAccessibleInvoice(ctx, invoiceId);
  const visible = isStaff(principal) ? {} : { invoice: { clientId: principal.userId } };
  return ctx.db.payment.findMany({
    where: { ...visible, ...(invoiceId !== undefined ? { invoiceId } : {}) },
    orderBy: { id: "asc" },
  });
}

export async function getPayment(ctx: PaymentsContext, id: number): Promise<Payment> {
  requirePrincipal(ctx.auth);
  const payment = await ctx.loaders.paymentById.load(id);
  if (!payment) throw new NotFoundError("Payment not found");
  await loadAccessibleInvoice(ctx, payment.invoiceId, "payment");
  return payment;
}

/**
 * Staff record a payment against an existing, unpaid invoice, in the invoice's currency; a COMPLETED
 * one that, with the others, covers the amount makes the invoice PAID.
 */
export async function createPayment(ctx: PaymentsContext, input: PaymentInput): Promise<Payment> {
  requireStaff(ctx.auth);
  const invoiceId = validateId(requireField(input.invoiceId, "invoiceId"), "invoiceId");
  refuseNull(input, ["status"]);
  const invoice = await ctx.loaders.invoiceById.load(invoiceId);
  if (!invoice) throw new NotFoundError("Invoice not found");
  const currency = input.currency === undefined || input.currency === null ? invoice.currency : currencyCode(input.currency);
  if (currency !== invoice.currency) {
    throw new ValidationError("currency", `currency must be the invoice's currency (${invoice.currency})`);
  }
  const data: Prisma.PaymentUncheckedCreateInput = {
    invoiceId,
    amount: positiveAmount(requireField(input.amount, "amount"), currency),
    currency,
    paymentMethod: paymentMethod(input.paymentMethod, input.blockchainNetwork),
    status: input.status ?? "PENDING",
    transactionId: optionalText(input.transactionId, "transactionId", MAX_REFERENCE),
    blockchainTxHash: optionalText(input.blockchainTxHash, "blockchainTxHash", MAX_REFERENCE),
    blockchainNetwork: optionalText(input.blockchainNetwork, "blockchainNetwork", MAX_LABEL),
    paymentProcessor: optionalText(input.paymentProcessor, "paymentProcessor", MAX_LABEL),
    processorFee: feeAmount(input.processorFee, "processorFee"),
  };
  if (invoice.status === "PAID") throw new ConflictError("Invoice is already paid");
  try {
    return await ctx.db.$transaction(async (tx) => {
      const payment = await tx.payment.create({ data });
      await settleInvoice(tx, invoiceId);
      return payment;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError("Transaction ID already recorded");
    throw error;
  }
}
