import { UnauthenticatedError, ForbiddenError } from "../errors.js";
import { hasRole, type BusinessPrincipal, type BusinessTokenService, type RoleName } from "./business-token.js";
import { designUnauthenticated, requireScopes, type DesignPrincipal, type DesignTokenVerifier } from "./design-principal.js";

/** What a request's credentials amount to, decided once per request by the subgraph itself. */
export type AuthState =
  | { status: "anonymous" }
  | { status: "rejected"; reason: "expired" | "invalid" | "revoked" }
  | { status: "authenticated"; principal: BusinessPrincipal }
  | { status: "design"; principal: DesignPrincipal };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Business-platform tokens (HS256) everywhere; design-platform OAuth access tokens only where a
 * subgraph passes a verifier for them. Each only opens what its platform allows.
 */
export async function authenticate(
  authorization: string | undefined,
  tokens: BusinessTokenService,
  designTokens?: DesignTokenVerifier,
): Promise<AuthState> {
  if (authorization === undefined || authorization.trim() === "") return { status: "anonymous" };
  const match = BEARER.exec(authorization);
  if (!match) return { status: "rejected", reason: "invalid" };
  const result = await tokens.verify(match[1]);
  if (typeof result !== "string") return { status: "authenticated", principal: result };
  if (result === "invalid" && designTokens) {
    const design = await designTokens(match[1]);
    return typeof design === "string" ? { status: "rejected", reason: design } : { status: "design", principal: design };
  }
  return { status: "rejected", reason: result };
}

/**
 * A business user's token carries the roles they had when it was issued; the stored roles decide.
 * Users are never deleted, so a database that does not know the user is one that does not hold the
 * accounts (a development subgraph on its own embedded database): there the token's roles stand. A
 * token of the old auth service (`legacy`) is never taken on its word: one for a user the database
 * does not hold is refused. Operators and design callers pass as they are.
 */
export async function withCurrentRoles(auth: AuthState, rolesOf: (userId: number) => Promise<RoleName[] | null>): Promise<AuthState> {
  if (auth.status !== "authenticated" || auth.principal.operator) return auth;
  const roles = await rolesOf(auth.principal.userId);
  if (roles === null) return auth.principal.legacy ? { status: "rejected", reason: "invalid" } : auth;
  return { status: "authenticated", principal: { ...auth.principal, roles } };
}

/** The design-platform caller, holding every scope in `scopes`; 401 / 403 with the design codes otherwise. */
export function requireDesignPrincipal(auth: AuthState, scopes: readonly string[] = []): DesignPrincipal {
  if (auth.status !== "design") {
    throw designUnauthenticated(auth.status === "rejected" ? auth.reason : auth.status === "anonymous" ? "anonymous" : "invalid");
  }
  requireScopes(auth.principal, scopes);
  return auth.principal;
}

const REJECTION_MESSAGES = {
  anonymous: "Missing authorization token",
  expired: "Token expired",
  invalid: "Invalid token",
  revoked: "Token revoked",
} as const;

/** The verified business-platform user, or a 401 that says why there is none (operator tokens included). */
export function requirePrincipal(auth: AuthState): BusinessPrincipal {
  const caller = requireCaller(auth);
  if (caller.operator) throw new UnauthenticatedError("Operator tokens open only the operator's tools");
  return caller;
}

/** The verified business-platform user or the deployment's operator tools. */
export function requireCaller(auth: AuthState): BusinessPrincipal {
  if (auth.status === "authenticated") return auth.principal;
  const reason = auth.status === "anonymous" ? "anonymous" : auth.status === "rejected" ? auth.reason : "invalid";
  throw new UnauthenticatedError(REJECTION_MESSAGES[reason]);
}

export function requireRole(roles: readonly RoleName[], ...wanted: RoleName[]): void {
  if (!hasRole(roles, ...wanted)) throw new ForbiddenError("Insufficient permissions");
}

/** STAFF, ADMIN and SUPERUSER manage the business platform's records. */
export function isStaff(principal: BusinessPrincipal): boolean {
  return hasRole(principal.roles, "STAFF", "ADMIN");
}

export function requireStaff(auth: AuthState): BusinessPrincipal {
  const principal = requirePrincipal(auth);
  if (!isStaff(principal)) throw new ForbiddenError("Insufficient permissions");
  return principal;
}

/** A user's own records are for the user themself and for staff; `what` names them in the 403. */
export function requireSelfOrStaff(auth: AuthState, userId: number, what: string): BusinessPrincipal {
  const principal = requirePrincipal(auth);
  if (principal.userId !== userId && !isStaff(principal)) throw new ForbiddenError(`Forbidden: you can only see your own ${what}`);
  return principal;
}
