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
  settingDocs: [
    { names: ["WEBHOOK_ALLOW_PRIVATE"], default: "`false`", meaning: "let webhook URLs point at private, loopback and link-local addresses (local receivers and tests only)" },
    { names: ["WEBHOOK_TIMEOUT_MS"], default: "`10000`", meaning: "time limit of one webhook attempt, connection to answer" },
    { names: ["WEBHOOK_RETRY_BASE_MS","WEBHOOK_RETRY_MAX_DELAY_MS"], default: "`10000`, `3600000`", meaning: "the wait before the first retry of a webhook, doubled per attempt up to the maximum; each wait is jittered (half to all of it)" },
    { names: ["WEBHOOK_RETRY_WINDOW_SECONDS"], default: "`86400`", meaning: "no webhook attempt starts later than this after the event (or a redelivery); then the delivery is `failed`" },
    { names: ["WEBHOOK_WORKERS"], default: "`8`", meaning: "webhook deliveries attempted at once by each worker process (workers of their own: jobs never wait on receivers)" },
    { names: ["WEBHOOK_CONCURRENCY_PER_INTEGRATION"], default: "`2`", meaning: "attempts to one integration at once per worker process, so a slow receiver holds no more than this many" },
  ],
});
