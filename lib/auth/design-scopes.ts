/**
 * Every scope of the design platform: what its tokens may carry (identity issues them), what the
 * graph's `@requiresScopes` name, and what its OpenID discovery document lists.
 */
export const SCOPES = [
  "asset:read",
  "asset:write",
  "brandtemplate:meta:read",
  "brandtemplate:content:read",
  "comment:read",
  "comment:write",
  "design:meta:read",
  "design:content:read",
  "design:content:write",
  "openid",
  "profile",
  "email",
  "profile:read",
] as const;
