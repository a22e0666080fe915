import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listInvoices } from "../../domain/invoices.js";
import { clientFilterId } from "../../domain/access.js";

export const invoices: QueryResolvers["invoices"] = (_p, { clientId }, ctx) =>
  listInvoices(ctx, clientId === undefined || clientId === null ? undefined : clientFilterId(clientId));
