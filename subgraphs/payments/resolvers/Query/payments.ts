import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listPayments } from "../../domain/payments.js";
import { invoiceId } from "../../domain/access.js";

export const payments: QueryResolvers["payments"] = (_p, { invoiceId: raw }, ctx) =>
  listPayments(ctx, raw === undefined || raw === null ? undefined : invoiceId(raw, "invoiceId"));
