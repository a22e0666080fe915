import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { reviewClient } from "../../domain/oauth/review.js";

export const reviewIntegration: MutationResolvers["reviewIntegration"] = async (_p, { clientId, decision }, ctx) => {
  const caller = requireCaller(ctx.auth);
  const reviewed = await reviewClient(ctx.db, clientId, decision, caller.operator ? null : caller.userId);
  // Rejecting revoked every grant of the integration (committed by now): every process forgets its checks.
  if (decision === "reject") await ctx.keys.announceRevocation?.({ clientId });
  return reviewed;
};
