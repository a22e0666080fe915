import { requireCaller } from "../../../../lib/auth/request-auth.js";
import { ForbiddenError } from "../../../../lib/errors.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { registerClient, type Registrant } from "../../domain/oauth/clients.js";

export const registerIntegration: MutationResolvers["registerIntegration"] = async (_p, { ownerId, ...input }, ctx) => {
  const caller = requireCaller(ctx.auth);
  if (!caller.operator && ownerId !== undefined && ownerId !== null && ownerId !== caller.userId) {
    throw new ForbiddenError("Forbidden: you can only register integrations you own");
  }
  const registrant: Registrant = caller.operator ? { operator: true, ownerId: ownerId ?? null } : { operator: false, ownerId: caller.userId };
  const { client, secret } = await registerClient(ctx.db, ctx.integrations, registrant, input);
  return { clientId: client.id, clientSecret: secret, integration: client };
};
