import type { Invoice, InvoiceStatus, Prisma } from "../../../generated/prisma/client.js";
import { isStaff, requirePrincipal, requireStaff } from "../../../lib/auth/request-auth.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { optionalId, optionalText, refuseNull, requiredText, requireField, validateId } from "../../../lib/validation.js";
import type { InvoiceInput } from "../__generated__/resolvers-types.js";
import { requireExistingUsers } from "../../accounts/public.js";
import { requireVisibleProject } from "../../work/public.js";
import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import type { PaymentsContext } from "../context.js";
import { loadAccessibleInvoice } from "./access.js";
import { currencyCode, positiveAmount } from "./money.js";
import { invoiceStatus } from "./overview-names.js";
import { settleInvoice } from "./settlement.js";

const DUPLICATE_NUMBER = "Invoice number already exists";
const MAX_NUMBER = 50;
const MAX_REFERENCE = 100;
const MAX_NOTES = 10_000;

/** Any status but PAID, which only payments covering the amount give (see settlement.ts). */
function writableStatus(given: InvoiceInput["status"]): InvoiceStatus | undefined {
  const status = invoiceStatus(given);
  if (status === "PAID") {
    throw new ValidationError("status", "status PAID is set when completed payments cover the amount: record a payment instead");
  }
  return status ?? undefined;
}

/** The writable fields, checked; `undefined` means "leave as is". */
function invoiceChanges(input: InvoiceInput, existing?: Invoice): Prisma.InvoiceUncheckedUpdateInput {
  refuseNull(input, ["invoiceNumber", "clientId", "amount", "currency", "status"]);
  const currency = input.currency === undefined ? (existing?.currency ?? "USD") : currencyCode(input.currency!);
  if (input.amount === undefined && !existing) requireField(input.amount, "amount");
  // A kept amount must still fit a changed currency (no cents in JPY).
  if (input.amount === undefined && existing && input.currency !== undefined) positiveAmount(existing.amount.toFixed(2), currency);
  return {
    invoiceNumber: input.invoiceNumber === undefined && existing ? undefined : requiredText(input.invoiceNumber, "invoiceNumber", MAX_NUMBER),
    clientId: input.clientId === undefined && existing ? undefined : validateId(requireField(input.clientId, "clientId"), "clientId"),
    projectId: optionalId(input.projectId, "projectId"),
    amount: input.amount === undefined ? undefined : positiveAmount(input.amount!, currency),
    currency,
    status: writableStatus(input.status),
    dueDate: input.dueDate,
    issuedDate: input.issuedDate,
    paidDate: input.paidDate,
    blockchainTxHash: optionalText(input.blockchainTxHash, "blockchainTxHash", MAX_REFERENCE),
    ipfsDocumentCid: optionalText(input.ipfsDocumentCid, "ipfsDocumentCid", MAX_REFERENCE),
    notes: optionalText(input.notes, "notes", MAX_NOTES),
  };
}

/** The client and project an invoice is about to point at must be there for the caller; those it keeps as they are stay. */
async function requireReferences(ctx: PaymentsContext, principal: BusinessPrincipal, changes: Prisma.InvoiceUncheckedUpdateInput, existing?: Invoice) {
  const clientId = changes.clientId as number | undefined;
  const projectId = changes.projectId as number | null | undefined;
  if (clientId !== existing?.clientId) await requireExistingUsers(ctx.db, { clientId });
  if (projectId !== existing?.projectId) await requireVisibleProject(ctx.db, principal, "projectId", projectId);
}

/** A CLIENT sees their own invoices; staff all, or one client's. */
export async function listInvoices(ctx: PaymentsContext, clientId: number | undefined): Promise<Invoice[]> {
  const principal = requirePrincipal(ctx.auth);
  if (!isStaff(principal) && clientId !== undefined) throw new ForbiddenError("Insufficient permissions");
  const owner = isStaff(principal) ? clientId : principal.userId;
  return ctx.db.invoice.findMany({ where: owner === undefined ? {} : { clientId: owner }, orderBy: { id: "asc" } });
}

export function getInvoice(ctx: PaymentsContext, id: number): Promise<Invoice> {
  return loadAccessibleInvoice(ctx, id);
}

async function saving(write: () => Promise<Invoice>): Promise<Invoice> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_NUMBER);
    throw error;
  }
}

export async function createInvoice(ctx: PaymentsContext, input: InvoiceInput): Promise<Invoice> {
  const principal = requireStaff(ctx.auth);
  const changes = invoiceChanges(input) as Prisma.InvoiceUncheckedCreateInput;
  await requireReferences(ctx, principal, changes);
  if (await ctx.db.invoice.findUnique({ where: { invoiceNumber: changes.invoiceNumber } })) throw new ConflictError(DUPLICATE_NUMBER);
  return saving(() => ctx.db.invoice.create({ data: changes }));
}

/**
 * A PAID invoice is kept as it is; the update applies only while the invoice is still not PAID. An
 * amount lowered to what completed payments already cover makes it PAID.
 */
export async function updateInvoice(ctx: PaymentsContext, id: number, input: InvoiceInput): Promise<Invoice> {
  const principal = requireStaff(ctx.auth);
  const existing = await ctx.loaders.invoiceById.load(id);
  if (!existing) throw new NotFoundError("Invoice not found");
  if (existing.status === "PAID") throw new ForbiddenError("Cannot modify a paid invoice");
  const changes = invoiceChanges(input, existing);
  await requireReferences(ctx, principal, changes, existing);
  return saving(() =>
    ctx.db.$transaction(async (tx) => {
      const updated = await tx.invoice.updateMany({ where: { id, status: { not: "PAID" } }, data: changes });
      if (updated.count === 0) throw new ForbiddenError("Cannot modify a paid invoice");
      await settleInvoice(tx, id);
      return tx.invoice.findUniqueOrThrow({ where: { id } });
    }),
  );
}

export async function deleteInvoice(ctx: PaymentsContext, id: number): Promise<{ id: number }> {
  requireStaff(ctx.auth);
  const existing = await ctx.loaders.invoiceById.load(id);
  if (!existing) throw new NotFoundError("Invoice not found");
  if (existing.status === "PAID") throw new ForbiddenError("Cannot delete a paid invoice - it must be kept for audit purposes");
  if ((await ctx.loaders.paymentsByInvoiceId.load(id)).length > 0) {
    throw new ConflictError("Cannot delete an invoice that has payments");
  }
  const deleted = await ctx.db.invoice.deleteMany({ where: { id, status: { not: "PAID" }, payments: { none: {} } } });
  if (deleted.count === 0) throw new ConflictError("Invoice changed while deleting it; try again");
  return { id };
}
