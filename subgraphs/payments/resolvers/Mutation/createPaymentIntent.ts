import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createPaymentIntent as createPaymentIntentOperation } from "../../domain/payment-intents.js";
import { invoiceId } from "../../domain/access.js";

export const createPaymentIntent: MutationResolvers["createPaymentIntent"] = (_p, { invoiceId: id }, ctx) => createPaymentIntentOperation(ctx, invoiceId(id, "invoiceId"));
