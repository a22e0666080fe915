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
  settingDocs: [
    { names: ["PROCESSOR_SECRET_KEY"], default: "—", meaning: "card processor API key; card payments answer 503 without it" },
    { names: ["PROCESSOR_WEBHOOK_SECRET"], default: "—", meaning: "secret the processor signs webhooks with; the webhook answers 503 without it" },
    { names: ["PROCESSOR_API_URL"], default: "the processor's own", meaning: "another API base URL for the processor (a local test server, a proxy)" },
  ],
});
