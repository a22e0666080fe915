import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Invoices, payments, card payments through the card processor and its signed webhook. */
export default defineManifest({
  name: "payments",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4003,
  codegen: {
    context: "../context.js#PaymentsContext",
    mappers: { Invoice: prismaModel("Invoice"), Payment: prismaModel("Payment"), Refund: prismaModel("Refund"), User: ENTITY_REFERENCE, Project: ENTITY_REFERENCE },
  },
});
