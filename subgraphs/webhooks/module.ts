import { keyStoreOf } from "../../lib/auth/design-token.js";
import { INTEGRATION_EVENT_JOB } from "../../lib/jobs/integration-events.js";
import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { deliveryHandler } from "./domain/delivery.js";
import { fanOutHandler } from "./domain/fan-out.js";
import { WEBHOOK_DELIVERY_JOB } from "./domain/schedule.js";
import { WEBHOOK_CHANGES_PER_MINUTE } from "./domain/owners.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { webhooksSettings } from "./settings.js";

/** Signed webhooks to integrations: their endpoints, the fan-out of events, and deliveries with retries. */
export default defineDomain({
  name: "webhooks",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4012,
  settings: webhooksSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    bus: runtime.bus,
    settings,
    changes: runtime.limiters({ name: "webhook-changes", points: WEBHOOK_CHANGES_PER_MINUTE, durationSeconds: 60 }),
  }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => ({
    [INTEGRATION_EVENT_JOB]: fanOutHandler(runtime.db.prisma, runtime.bus, settings),
    [WEBHOOK_DELIVERY_JOB]: deliveryHandler({ db: runtime.db.prisma, settings, keys: keyStoreOf(runtime), log: runtime.log }),
  }),
  jobLanes: (_runtime, settings) => [{ kinds: [WEBHOOK_DELIVERY_JOB], workers: settings.workers }],
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
