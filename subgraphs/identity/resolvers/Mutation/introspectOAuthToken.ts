import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { introspect } from "../../domain/oauth/access-tokens.js";
import { authenticateClient } from "../../domain/oauth/clients.js";
import { requireToken } from "../../domain/oauth/errors.js";

export const introspectOAuthToken: MutationResolvers["introspectOAuthToken"] = async (_p, { client, token }, ctx) =>
  introspect(ctx.db, ctx.keys, await authenticateClient(ctx.db, client.clientId, client.clientSecret), requireToken(token));
