import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { validateAuthorizationRequest } from "../../domain/oauth/authorization.js";

export const authorizationPrompt: QueryResolvers["authorizationPrompt"] = async (_p, { request }, ctx) => {
  const valid = await validateAuthorizationRequest(ctx.db, request);
  return { clientName: valid.client.name, scopes: valid.scopes, redirectUri: valid.redirectUri };
};
