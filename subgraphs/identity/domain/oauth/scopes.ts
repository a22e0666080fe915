import { SCOPES } from "../../../../lib/auth/design-scopes.js";
import { OAuthError } from "./errors.js";

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
