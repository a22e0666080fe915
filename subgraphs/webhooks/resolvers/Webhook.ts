import type { WebhookResolvers } from "../__generated__/resolvers-types.js";

export const Webhook: WebhookResolvers = {
  events: (endpoint) => endpoint.events as never,
  updatedAt: (endpoint) => endpoint.updatedAt.toISOString(),
};
