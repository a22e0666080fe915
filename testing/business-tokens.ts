import { SignJWT } from "jose";
import { BusinessTokenService, type BusinessTokenOptions } from "../lib/auth/business-token.js";
import type { Config } from "../lib/config.js";

/** The platform's own token service, as its processes build it, with `overrides` (another secret, a clock). */
export function tokenServiceOf(config: Config, overrides: Partial<BusinessTokenOptions> = {}): BusinessTokenService {
  return new BusinessTokenService({ secret: config.jwtSecret!, ...config.businessTokens, ...overrides });
}

/**
 * A token the service would never issue, signed by hand with the platform's secret: the platform's
 * issuer, audience and a one-hour expiry unless `claims` replaces them (`null` leaves one out).
 */
export function handSignedToken(config: Config, claims: { iss?: string | null; aud?: string | null; exp?: number | null; [claim: string]: unknown }) {
  const defaults = { iss: config.businessTokens.issuer, aud: config.businessTokens.audience, exp: Math.floor(Date.now() / 1000) + 3600 };
  const payload = Object.fromEntries(Object.entries({ ...defaults, ...claims }).filter(([, value]) => value !== null));
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(config.jwtSecret!));
}

/**
 * A token as the business platform's own auth service minted it before the cut-over: HS256 under the
 * shared secret with the seed's claim set (`user_id`, `userId`, `email`, `roles`, `iat`, `exp` 24 hours
 * later) and no `iss` or `aud`. `claims` replaces or (with `null`) leaves out any of them; `header`
 * replaces the protected header (another `alg`, say).
 */
export function legacyToken(
  config: Config,
  user: { userId: number; email?: string | null; roles?: string[] },
  claims: Record<string, unknown> = {},
  options: { secret?: string; header?: { alg: string; [member: string]: unknown } } = {},
) {
  const iat = Math.floor(Date.now() / 1000);
  const seed = { user_id: user.userId, userId: user.userId, email: user.email ?? `user${user.userId}@example.com`, roles: user.roles ?? ["CLIENT"], iat, exp: iat + 24 * 60 * 60 };
  const payload = Object.fromEntries(Object.entries({ ...seed, ...claims }).filter(([, value]) => value !== null));
  return new SignJWT(payload).setProtectedHeader(options.header ?? { alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(options.secret ?? config.jwtSecret!));
}
