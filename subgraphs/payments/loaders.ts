import DataLoader from "dataloader";
import type { Invoice, Payment, PrismaClient } from "../../generated/prisma/client.js";
import { byIdOrNull, groupByKey } from "../../lib/db/group-by-key.js";

export interface PaymentsLoaders {
  invoiceById: DataLoader<number, Invoice | null>;
  paymentById: DataLoader<number, Payment | null>;
  paymentsByInvoiceId: DataLoader<number, Payment[]>;
  invoicesByClientId: DataLoader<number, Invoice[]>;
  invoicesByProjectId: DataLoader<number, Invoice[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): PaymentsLoaders {
  return {
    invoiceById: new DataLoader((ids) => db.invoice.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    paymentById: new DataLoader((ids) => db.payment.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
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
