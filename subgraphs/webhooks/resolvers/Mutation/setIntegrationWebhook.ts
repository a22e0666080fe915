import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setWebhook } from "../../domain/endpoints.js";
import { countChange, requireOwnIntegration } from "../../domain/owners.js";

export const setIntegrationWebhook: MutationResolvers["setIntegrationWebhook"] = async (_p, { clientId, url, events }, ctx) => {
  const caller = requireCaller(ctx.auth);
  await countChange(ctx, caller);
  await requireOwnIntegration(ctx, caller, clientId);
  return setWebhook(ctx, clientId, url, events);
};
