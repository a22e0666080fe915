import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { tokenEndpoint } from "../../domain/oauth/operations.js";

export const exchangeOAuthToken: MutationResolvers["exchangeOAuthToken"] = (_p, { client, request }, ctx) =>
  tokenEndpoint(ctx.db, ctx.keys, client, request);
