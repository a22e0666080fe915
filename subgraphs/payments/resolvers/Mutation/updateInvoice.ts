import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateInvoice as updateInvoiceOperation } from "../../domain/invoices.js";
import { invoiceId } from "../../domain/access.js";

export const updateInvoice: MutationResolvers["updateInvoice"] = (_p, { id, input }, ctx) => updateInvoiceOperation(ctx, invoiceId(id), input);
