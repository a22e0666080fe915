import { OAuthError } from "./errors.js";

/** Every scope the design platform knows. */
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

/** Space-separated scopes, each known, without repeats. */
export function parseScope(raw: string | null | undefined, options: { redirectable?: boolean } = {}): string[] {
  const scopes = [...new Set((raw ?? "").split(" ").filter(Boolean))];
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length) throw new OAuthError("invalid_scope", `Unknown scopes: ${unknown.join(" ")}`, options);
  return scopes;
}

export function isSubset(requested: readonly string[], allowed: readonly string[]): boolean {
  return requested.every((scope) => allowed.includes(scope));
}
