import { DateScalar, DateTimeResolver, DecimalScalar } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { invoice } from "./Query/invoice.js";
import { invoices } from "./Query/invoices.js";
import { payment } from "./Query/payment.js";
import { payments } from "./Query/payments.js";
import { createInvoice } from "./Mutation/createInvoice.js";
import { createPayment } from "./Mutation/createPayment.js";
import { createPaymentIntent } from "./Mutation/createPaymentIntent.js";
import { deleteInvoice } from "./Mutation/deleteInvoice.js";
import { receiveProcessorEvent } from "./Mutation/receiveProcessorEvent.js";
import { updateInvoice } from "./Mutation/updateInvoice.js";
import { Invoice } from "./Invoice.js";
import { Payment } from "./Payment.js";
import { Project } from "./Project.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Date: DateScalar,
  Decimal: DecimalScalar,
  Query: { invoice, invoices, payment, payments },
  Mutation: {
    createInvoice,
    createPayment,
    createPaymentIntent,
    deleteInvoice,
    receiveProcessorEvent,
    updateInvoice,
  },
  Invoice,
  Payment,
  Project,
  User,
};
