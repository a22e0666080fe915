import { designUserId } from "../../../lib/auth/design-principal.js";
import type { WebhookAttemptResolvers, WebhookDeliveryResolvers } from "../__generated__/resolvers-types.js";

export const WebhookDelivery: WebhookDeliveryResolvers = {
  kind: (delivery) => delivery.kind as never,
  userId: (delivery) => designUserId(delivery.userId),
  event: (delivery) => JSON.stringify(delivery.data),
  createdAt: (delivery) => delivery.createdAt.toISOString(),
  nextAttemptAt: (delivery) => delivery.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: (delivery) => delivery.deliveredAt?.toISOString() ?? null,
  attempts: (delivery, _args, ctx) => ctx.loaders.attemptsByDelivery.load(delivery.id),
};

export const WebhookAttempt: WebhookAttemptResolvers = {
  startedAt: (attempt) => attempt.startedAt.toISOString(),
};
