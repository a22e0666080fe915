import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";

export const integration: QueryResolvers["integration"] = async (_p, { clientId }, ctx) => {
  const caller = requireCaller(ctx.auth);
  const found = clientId.length <= 50 ? await ctx.loaders.integrationById.load(clientId) : null;
  return found && (caller.operator || found.ownerId === caller.userId) ? found : null;
};
