import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getInvoice } from "../../domain/invoices.js";
import { invoiceId } from "../../domain/access.js";

export const invoice: QueryResolvers["invoice"] = (_p, { id }, ctx) => getInvoice(ctx, invoiceId(id));
