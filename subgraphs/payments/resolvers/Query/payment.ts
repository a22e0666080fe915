import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getPayment } from "../../domain/payments.js";
import { paymentId } from "../../domain/access.js";

export const payment: QueryResolvers["payment"] = (_p, { id }, ctx) => getPayment(ctx, paymentId(id));
