import { ForbiddenError, UnauthenticatedError } from "../errors.js";

/** A user's id on the design platform (opaque to clients): `U<accounts id>`. */
export function designUserId(userId: number): string {
  return `U${userId}`;
}

/** The accounts id behind a design-platform user id, or undefined when it is not one. */
export function accountsUserId(designId: string): number | undefined {
  const userId = Number(/^U(\d{1,10})$/.exec(designId)?.[1]);
  return Number.isInteger(userId) && userId > 0 ? userId : undefined;
}

/** Who is calling with a design-platform OAuth access token. */
export interface DesignPrincipal {
  kind: "design";
  userId: number;
  /** The `sub` of the token: the user's design-platform id. */
  subject: string;
  clientId: string;
  scopes: string[];
  jti: string;
  familyId: string;
  /** The user's team (identity domain): what the team owns, the user sees. */
  teamId: string;
}

export type DesignTokenCheck = DesignPrincipal | "invalid" | "expired" | "revoked";

/** Verifies a design-platform access token (signature, expiry, revocation). */
export type DesignTokenVerifier = (token: string) => Promise<DesignTokenCheck>;

export function designUnauthenticated(reason: "anonymous" | "invalid" | "expired" | "revoked"): UnauthenticatedError {
  if (reason === "revoked") return new UnauthenticatedError("Access token was revoked", { reason: "TOKEN_REVOKED" });
  if (reason === "anonymous") return new UnauthenticatedError("Missing Authorization header");
  return new UnauthenticatedError("Access token is invalid");
}

/** Forbidden (`MISSING_SCOPE`) unless the token carries every scope the operation declares. */
export function requireScopes(principal: DesignPrincipal, needed: readonly string[]): void {
  const missing = needed.filter((scope) => !principal.scopes.includes(scope));
  if (missing.length) throw new ForbiddenError(`Missing scopes: [${missing.join(", ")}]`, { reason: "MISSING_SCOPE" });
}
