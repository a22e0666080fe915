import type DataLoader from "dataloader";
import type { Invoice, Payment, PrismaClient, Refund } from "../../generated/prisma/client.js";
import { groupLoader, idLoader, sharedIdLoader } from "../../lib/db/loaders.js";

export interface PaymentsLoaders {
  invoiceById: DataLoader<number, Invoice | null>;
  paymentById: DataLoader<number, Payment | null>;
  paymentsByInvoiceId: DataLoader<number, Payment[]>;
  refundsByPaymentId: DataLoader<number, Refund[]>;
  invoicesByClientId: DataLoader<number, Invoice[]>;
  invoicesByProjectId: DataLoader<number, Invoice[]>;
}

const BY_ID = { orderBy: { id: "asc" } };

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): PaymentsLoaders {
  const invoices = (args: object) => db.invoice.findMany(args);
  return {
    invoiceById: idLoader(invoices),
    paymentById: sharedIdLoader(db.payment),
    paymentsByInvoiceId: groupLoader(db.payment, "invoiceId", BY_ID),
    refundsByPaymentId: groupLoader(db.refund, "paymentId", { orderBy: [{ refundedAt: "asc" }, { id: "asc" }] }),
    invoicesByClientId: groupLoader(db.invoice, "clientId", BY_ID),
    invoicesByProjectId: groupLoader(db.invoice, "projectId", BY_ID),
  };
}
