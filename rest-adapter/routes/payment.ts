import { pick, type RestRequest, type RestService } from "../route-table.js";

const INVOICE = `id invoiceNumber projectId clientId amount currency status dueDate issuedDate paidDate blockchainTxHash
  ipfsDocumentCid notes createdAt updatedAt`;
/** The documented payment fields, then what the processor has refunded of it (added fields only). */
const PAYMENT = `id invoiceId amount currency paymentMethod status transactionId blockchainTxHash blockchainNetwork
  paymentProcessor processorFee processedAt createdAt updatedAt
  refundedAmount refunds { processorRefundId amount currency status refundedAt }`;

const INVOICE_INPUT = ["invoiceNumber", "projectId", "clientId", "amount", "currency", "status", "dueDate", "issuedDate",
  "paidDate", "blockchainTxHash", "ipfsDocumentCid", "notes"];
const PAYMENT_INPUT = ["invoiceId", "amount", "currency", "paymentMethod", "status", "transactionId", "blockchainTxHash",
  "blockchainNetwork", "paymentProcessor", "processorFee"];

const byId = ({ params }: RestRequest) => ({ id: params.id });

/** The payment service: `/api/payment/...` and, on PAYMENT_PORT, `/...`. */
export default {
  name: "payment",
  prefix: "/api/payment",
  directPort: { variable: "PAYMENT_PORT", port: 8084 },
  routes: [
    {
      method: "GET",
      path: "/invoices",
      operation: `query($clientId: ID) { invoices(clientId: $clientId) { ${INVOICE} } }`,
      variables: ({ query }) => (query.client_id === undefined ? {} : { clientId: query.client_id }),
      body: (d) => d.invoices,
      errorFields: { clientId: "client_id" },
    },
    {
      method: "POST",
      path: "/invoices",
      operation: `mutation($input: InvoiceInput!) { createInvoice(input: $input) { ${INVOICE} } }`,
      variables: ({ body }) => ({ input: pick(body, INVOICE_INPUT) }),
      body: (d) => d.createInvoice,
      status: 201,
    },
    {
      method: "POST",
      path: "/invoices/create-payment-intent",
      operation: `mutation($invoiceId: ID!) { createPaymentIntent(invoiceId: $invoiceId) { clientSecret paymentId } }`,
      variables: ({ body }) => pick(body, ["invoiceId"]),
      body: (d) => d.createPaymentIntent,
    },
    { method: "GET", path: "/invoices/:id", operation: `query($id: ID!) { invoice(id: $id) { ${INVOICE} } }`, variables: byId, body: (d) => d.invoice },
    {
      method: "PUT",
      path: "/invoices/:id",
      operation: `mutation($id: ID!, $input: InvoiceInput!) { updateInvoice(id: $id, input: $input) { ${INVOICE} } }`,
      variables: ({ params, body }) => ({ id: params.id, input: pick(body, INVOICE_INPUT) }),
      body: (d) => d.updateInvoice,
    },
    { method: "DELETE", path: "/invoices/:id", operation: `mutation($id: ID!) { deleteInvoice(id: $id) { id } }`, variables: byId, status: 204 },
    {
      method: "GET",
      path: "/payments",
      operation: `query($invoiceId: ID) { payments(invoiceId: $invoiceId) { ${PAYMENT} } }`,
      variables: ({ query }) => (query.invoice_id === undefined ? {} : { invoiceId: query.invoice_id }),
      body: (d) => d.payments,
      errorFields: { invoiceId: "invoice_id" },
    },
    {
      method: "POST",
      path: "/payments",
      operation: `mutation($input: PaymentInput!) { createPayment(input: $input) { ${PAYMENT} } }`,
      variables: ({ body }) => ({ input: pick(body, PAYMENT_INPUT) }),
      body: (d) => d.createPayment,
      status: 201,
    },
    { method: "GET", path: "/payments/:id", operation: `query($id: ID!) { payment(id: $id) { ${PAYMENT} } }`, variables: byId, body: (d) => d.payment },
    {
      method: "POST",
      path: "/webhooks/processor",
      operation: `mutation($payload: String!, $signature: String) {
        receiveProcessorEvent(payload: $payload, signature: $signature) { received } }`,
      variables: ({ rawBody, headers }) => ({ payload: rawBody, signature: headers["processor-signature"] ?? null }),
      body: (d) => d.receiveProcessorEvent,
      rawBody: true,
      textErrors: true,
    },
  ],
} satisfies RestService;
