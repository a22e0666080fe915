import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { removeWebhook } from "../../domain/endpoints.js";
import { requireOwnIntegration } from "../../domain/owners.js";

export const removeIntegrationWebhook: MutationResolvers["removeIntegrationWebhook"] = async (_p, { clientId }, ctx) => {
  await requireOwnIntegration(ctx, requireCaller(ctx.auth), clientId);
  return removeWebhook(ctx, clientId);
};
