import type { PaymentResolvers } from "../__generated__/resolvers-types.js";
import { getPayment } from "../domain/payments.js";

export const Payment: PaymentResolvers = {
  __resolveReference: (ref, ctx) => getPayment(ctx, ref.id),
  invoice: async (payment, _args, ctx) => (await ctx.loaders.invoiceById.load(payment.invoiceId))!,
  refunds: (payment, _args, ctx) => ctx.loaders.refundsByPaymentId.load(payment.id),
};
