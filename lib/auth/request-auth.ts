import { UnauthenticatedError, ForbiddenError } from "../errors.js";
import { hasRole, type BusinessPrincipal, type BusinessTokenService, type RoleName } from "./business-token.js";

/** What a request's credentials amount to, decided once per request by the subgraph itself. */
export type AuthState =
  | { status: "anonymous" }
  | { status: "rejected"; reason: "expired" | "invalid" }
  | { status: "authenticated"; principal: BusinessPrincipal };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export async function authenticate(authorization: string | undefined, tokens: BusinessTokenService): Promise<AuthState> {
  if (authorization === undefined || authorization.trim() === "") return { status: "anonymous" };
  const match = BEARER.exec(authorization);
  if (!match) return { status: "rejected", reason: "invalid" };
  const result = await tokens.verify(match[1]);
  return typeof result === "string" ? { status: "rejected", reason: result } : { status: "authenticated", principal: result };
}

const REJECTION_MESSAGES = {
  anonymous: "Missing authorization token",
  expired: "Token expired",
  invalid: "Invalid token",
} as const;

/** The verified caller, or a 401 that says why there is none. */
export function requirePrincipal(auth: AuthState): BusinessPrincipal {
  if (auth.status === "authenticated") return auth.principal;
  throw new UnauthenticatedError(REJECTION_MESSAGES[auth.status === "anonymous" ? "anonymous" : auth.reason]);
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
