/**
 * Every scope of the design platform with what it lets an integration do: what its tokens may carry
 * (identity issues them), what the graph's `@requiresScopes` name, what the consent page shows and what
 * the OpenID discovery document and the OpenAPI document list.
 */
export const SCOPE_DESCRIPTIONS = {
  "asset:read": "View the metadata for the user's assets, such as uploaded images.",
  "asset:write": "Upload, update, or delete assets on the user's behalf.",
  "brandtemplate:meta:read": "View the metadata of the brand templates associated with the user's brand.",
  "brandtemplate:content:read": "Read the content of the brand templates associated with the user's brand.",
  "brandtemplate:content:write": "Publish brand templates associated with the user's brand.",
  "comment:read": "View the comments on the user's designs, and the associated metadata.",
  "comment:write": "Create comments and replies on the user's designs.",
  "design:meta:read": "View the metadata of the user's designs.",
  "design:content:read": "View the contents of the user's designs.",
  "design:content:write": "Create designs on the user's behalf.",
  openid: "Read user information through OpenID Connect.",
  profile: "Read user profile information through OpenID Connect.",
  email: "Read the user's email address through OpenID Connect.",
  "profile:read": "Read a user's profile and account information.",
} as const;

export type DesignScope = keyof typeof SCOPE_DESCRIPTIONS;

export const SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as readonly DesignScope[];

/** What a scope lets an integration do, in the user's words; the scope itself for one we do not know. */
export const scopeDescription = (scope: string): string => (Object.hasOwn(SCOPE_DESCRIPTIONS, scope) ? SCOPE_DESCRIPTIONS[scope as DesignScope] : scope);
