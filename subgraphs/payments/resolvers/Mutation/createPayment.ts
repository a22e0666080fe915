import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createPayment as createPaymentOperation } from "../../domain/payments.js";

export const createPayment: MutationResolvers["createPayment"] = (_p, { input }, ctx) => createPaymentOperation(ctx, input);
