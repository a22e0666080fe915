import { requirePrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { registerClient } from "../../domain/oauth/clients.js";

export const registerIntegration: MutationResolvers["registerIntegration"] = async (_p, input, ctx) => {
  const owner = requirePrincipal(ctx.auth);
  const { client, secret } = await registerClient(ctx.db, owner.userId, input);
  return {
    clientId: client.id,
    clientSecret: secret,
    integration: { clientId: client.id, name: client.name, redirectUris: client.redirectUris, scopes: client.scopes },
  };
};
