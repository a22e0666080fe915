import DataLoader from "dataloader";
import type { Invoice, Payment, PrismaClient } from "../../generated/prisma/client.js";
import { groupByKey } from "../../lib/db/group-by-key.js";

export interface PaymentsLoaders {
  invoiceById: DataLoader<number, Invoice | null>;
  paymentsByInvoiceId: DataLoader<number, Payment[]>;
  invoicesByClientId: DataLoader<number, Invoice[]>;
  invoicesByProjectId: DataLoader<number, Invoice[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): PaymentsLoaders {
  return {
    invoiceById: new DataLoader(async (ids) => {
      const invoices = await db.invoice.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    paymentsByInvoiceId: new DataLoader(async (invoiceIds) => {
      const payments = await db.payment.findMany({ where: { invoiceId: { in: [...invoiceIds] } }, orderBy: { id: "asc" } });
      return groupByKey(payments, invoiceIds, (payment) => payment.invoiceId);
    }),
    invoicesByClientId: new DataLoader(async (clientIds) => {
      const invoices = await db.invoice.findMany({ where: { clientId: { in: [...clientIds] } }, orderBy: { id: "asc" } });
      return groupByKey(invoices, clientIds, (invoice) => invoice.clientId);
    }),
    invoicesByProjectId: new DataLoader(async (projectIds) => {
      const invoices = await db.invoice.findMany({ where: { projectId: { in: [...projectIds] } }, orderBy: { id: "asc" } });
      return groupByKey(invoices, projectIds, (invoice) => invoice.projectId);
    }),
  };
}
