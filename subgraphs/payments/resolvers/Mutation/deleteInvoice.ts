import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteInvoice as deleteInvoiceOperation } from "../../domain/invoices.js";
import { invoiceId } from "../../domain/access.js";

export const deleteInvoice: MutationResolvers["deleteInvoice"] = (_p, { id }, ctx) => deleteInvoiceOperation(ctx, invoiceId(id));
