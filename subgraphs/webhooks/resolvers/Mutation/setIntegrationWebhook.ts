import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setWebhook } from "../../domain/endpoints.js";
import { requireOwnIntegration } from "../../domain/owners.js";

export const setIntegrationWebhook: MutationResolvers["setIntegrationWebhook"] = async (_p, { clientId, url, events }, ctx) => {
  await requireOwnIntegration(ctx, requireCaller(ctx.auth), clientId);
  return setWebhook(ctx, clientId, url, events);
};
