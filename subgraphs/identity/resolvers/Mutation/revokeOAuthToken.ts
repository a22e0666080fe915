import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { revoke } from "../../domain/oauth/access-tokens.js";
import { authenticateClient } from "../../domain/oauth/clients.js";
import { requireToken } from "../../domain/oauth/errors.js";

export const revokeOAuthToken: MutationResolvers["revokeOAuthToken"] = async (_p, { client, token }, ctx) => {
  await revoke(ctx.db, ctx.keys, await authenticateClient(ctx.db, client.clientId, client.clientSecret), requireToken(token));
  return { revoked: true };
};
