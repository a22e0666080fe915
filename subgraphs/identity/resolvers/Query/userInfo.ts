import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { isEmailVerified } from "../../domain/oauth/email-verified.js";
import { userClaims } from "../../domain/oauth/tokens.js";

export const userInfo: QueryResolvers["userInfo"] = async (_p, _a, ctx) => {
  const principal = requireDesignPrincipal(ctx.auth);
  const family = await ctx.db.tokenFamily.findUniqueOrThrow({ where: { id: principal.familyId } });
  const claims = userClaims(family, principal.scopes, await isEmailVerified(ctx.db, family.userId, family.userEmail));
  return {
    sub: claims.sub,
    name: claims.name,
    givenName: claims.given_name,
    familyName: claims.family_name,
    email: claims.email,
    emailVerified: claims.email_verified,
  };
};
