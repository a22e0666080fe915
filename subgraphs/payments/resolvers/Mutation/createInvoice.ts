import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createInvoice as createInvoiceOperation } from "../../domain/invoices.js";

export const createInvoice: MutationResolvers["createInvoice"] = (_p, { input }, ctx) => createInvoiceOperation(ctx, input);
