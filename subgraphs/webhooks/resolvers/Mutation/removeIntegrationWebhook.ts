import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { removeWebhook } from "../../domain/endpoints.js";
import { countChange, requireOwnIntegration } from "../../domain/owners.js";

export const removeIntegrationWebhook: MutationResolvers["removeIntegrationWebhook"] = async (_p, { clientId }, ctx) => {
  const caller = requireCaller(ctx.auth);
  await countChange(ctx, caller);
  await requireOwnIntegration(ctx, caller, clientId);
  return removeWebhook(ctx, clientId);
};
