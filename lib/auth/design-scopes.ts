/**
 * Every scope of the design platform: what its tokens may carry (identity issues them), what the
 * graph's `@requiresScopes` name, and what its OpenID discovery document lists.
 */
export const SCOPES = [
  "asset:read",
  "asset:write",
  "brandtemplate:meta:read",
  "brandtemplate:content:read",
  "brandtemplate:content:write",
  "collaboration:event",
  "comment:read",
  "comment:write",
  "design:meta:read",
  "design:content:read",
  "design:content:write",
  "folder:read",
  "folder:write",
  "openid",
  "profile",
  "email",
  "profile:read",
] as const;

export type DesignScope = (typeof SCOPES)[number];

/** What each scope lets an integration do, as the consent page and the OpenAPI document tell the user. */
export const SCOPE_DESCRIPTIONS: Record<DesignScope, string> = {
  "asset:read": "See your uploaded images and videos",
  "asset:write": "Upload, rename, tag and delete your images and videos",
  "brandtemplate:meta:read": "See your team's brand templates",
  "brandtemplate:content:read": "Read the data fields of your team's brand templates",
  "brandtemplate:content:write": "Publish your team's designs as brand templates",
  "collaboration:event": "Tell the integration by webhook of comments, mentions and suggestions that concern you",
  "comment:read": "Read comments on your designs",
  "comment:write": "Comment on your designs and reply to comments",
  "design:meta:read": "See your designs: titles, thumbnails and links",
  "design:content:read": "Read the pages of your designs and export them",
  "design:content:write": "Create designs, import files into designs and change them",
  "folder:read": "See your folders and what is in them",
  "folder:write": "Create, rename and delete your folders and move designs, folders and images between them",
  openid: "Sign you in to the integration",
  profile: "See your name",
  email: "See your email address",
  "profile:read": "See your profile",
};

/** A scope's description, or the scope itself for one the platform does not issue. */
export function scopeDescription(scope: string): string {
  return Object.hasOwn(SCOPE_DESCRIPTIONS, scope) ? SCOPE_DESCRIPTIONS[scope as DesignScope] : scope;
}

/**
 * What the design editor (an edit link's page) asks its user to sign in with: reading and editing
 * designs, and the team's images to place (`asset:read`; listed through the team's folders, `folder:read`).
 */
export const EDITOR_SCOPES = "design:meta:read design:content:read design:content:write asset:read folder:read";
