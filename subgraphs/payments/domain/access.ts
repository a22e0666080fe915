import type { Invoice } from "../../../generated/prisma/client.js";
import { isStaff, requirePrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { parseId } from "../../../lib/validation.js";
import type { PaymentsContext } from "../context.js";

export const invoiceId = (raw: unknown, field = "id") => parseId(raw, field, "Invalid invoice ID");
export const paymentId = (raw: unknown) => parseId(raw, "id", "Invalid payment ID");
export const clientFilterId = (raw: unknown) => parseId(raw, "clientId", "Invalid client ID");

/** The invoice, if it exists and the caller is its client or staff; `subject` names it in the 403. */
export async function loadAccessibleInvoice(ctx: PaymentsContext, id: number, subject = "invoice"): Promise<Invoice> {
  const principal = requirePrincipal(ctx.auth);
  const invoice = await ctx.loaders.invoiceById.load(id);
  if (!invoice) throw new NotFoundError("Invoice not found");
  if (!isStaff(principal) && invoice.clientId !== principal.userId) {
    throw new ForbiddenError(`Forbidden: you do not have access to this ${subject}`);
  }
  return invoice;
}
