import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Signed webhooks to integrations: their endpoints, the fan-out of events, and deliveries with retries. */
export default defineManifest({
  name: "webhooks",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4012,
  codegen: {
    context: "../context.js#WebhooksContext",
    mappers: {
      Integration: "../domain/references.js#IntegrationKey",
      Webhook: prismaModel("WebhookEndpoint"),
      WebhookDelivery: prismaModel("WebhookDelivery"),
      WebhookAttempt: prismaModel("WebhookAttempt"),
    },
  },
});
