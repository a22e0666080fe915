import type { InvoiceResolvers } from "../__generated__/resolvers-types.js";
import { loadAccessibleInvoice } from "../domain/access.js";
import { amountPaid, amountRefunded } from "../domain/settlement.js";
import { reference } from "../../../lib/graphql/entity-reference.js";

export const Invoice: InvoiceResolvers = {
  __resolveReference: (ref, ctx) => loadAccessibleInvoice(ctx, ref.id),
  client: (invoice) => ({ id: invoice.clientId }),
  project: (invoice) => reference(invoice.projectId),
  payments: (invoice, _args, ctx) => ctx.loaders.paymentsByInvoiceId.load(invoice.id),
  amountPaid: async (invoice, _args, ctx) => amountPaid(invoice, await ctx.loaders.paymentsByInvoiceId.load(invoice.id)).toFixed(2),
  amountRefunded: async (invoice, _args, ctx) => amountRefunded(invoice, await ctx.loaders.paymentsByInvoiceId.load(invoice.id)).toFixed(2),
};
