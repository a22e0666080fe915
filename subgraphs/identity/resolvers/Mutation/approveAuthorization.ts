import { requirePrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { issueAuthorizationCode } from "../../domain/oauth/authorization.js";

export const approveAuthorization: MutationResolvers["approveAuthorization"] = async (_p, { request }, ctx) => {
  const user = requirePrincipal(ctx.auth);
  const code = await issueAuthorizationCode(ctx.db, user, request);
  const target = new URL(request.redirectUri!);
  target.searchParams.set("code", code);
  if (request.state) target.searchParams.set("state", request.state);
  return { redirectTo: target.toString() };
};
