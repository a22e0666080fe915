import type { Resolvers } from "../__generated__/resolvers-types.js";
import { redeliverWebhook } from "./Mutation/redeliverWebhook.js";
import { removeIntegrationWebhook } from "./Mutation/removeIntegrationWebhook.js";
import { setIntegrationWebhook } from "./Mutation/setIntegrationWebhook.js";
import { Integration } from "./Integration.js";
import { Webhook } from "./Webhook.js";
import { WebhookAttempt, WebhookDelivery } from "./WebhookDelivery.js";

export const resolvers: Resolvers = {
  Mutation: { redeliverWebhook, removeIntegrationWebhook, setIntegrationWebhook },
  Integration,
  Webhook,
  WebhookDelivery,
  WebhookAttempt,
};
