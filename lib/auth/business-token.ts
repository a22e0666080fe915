import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify, errors as joseErrors } from "jose";

/** Roles of the business platform, lowest to highest. */
export const ROLES = ["CLIENT", "STAFF", "ADMIN", "SUPERUSER"] as const;
export type RoleName = (typeof ROLES)[number];

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** Who is calling, as far as a verified business-platform token tells. */
export interface BusinessPrincipal {
  kind: "business";
  userId: number;
  email: string | null;
  /** The user's name when the token was issued (absent from tokens issued before names were carried). */
  name: string | null;
  roles: RoleName[];
  /** A deployment operator (a command-line tool holding the signing secret), not a user: userId is 0. */
  operator?: true;
  /**
   * Minted by the business platform's own auth service before the cut-over (no `iss`, no `aud`): its
   * roles are never read from the token (empty until the stored ones are read), and it stands only for
   * a user the accounts hold.
   */
  legacy?: true;
}

/** Verified tokens remembered per process (the oldest forgotten first). */
const REMEMBERED_TOKENS = 10_000;

/** Lifetime of an operator token: one command's worth. */
const OPERATOR_TOKEN_SECONDS = 60;

/** How far the old auth service's clock may have been ahead of ours when it dated a token. */
const LEGACY_CLOCK_SKEW_SECONDS = 300;

export type TokenFailure = "expired" | "invalid";

/** What business tokens are signed with and say about themselves (`JWT_SECRET`, `JWT_ISSUER`, `JWT_AUDIENCE`). */
export interface BusinessTokenOptions {
  secret: string;
  /** The `iss` every token carries and every check requires. */
  issuer: string;
  /** The `aud` every token carries and every check requires. */
  audience: string;
  /** The current time in Unix seconds (tokens are dated by it); the system clock unless given. */
  now?: () => number;
  /**
   * Until when (Unix seconds, exclusive) tokens minted by the business platform's own auth service
   * before the cut-over are accepted (`LEGACY_BUSINESS_TOKENS`): always unless given, `-Infinity` never.
   */
  legacyAcceptedUntil?: number;
}

/**
 * The one place business-platform tokens are issued and checked: HS256 under the deployment's
 * secret, with `iss` and `aud` fixed by configuration, so a token minted for another issuer or
 * audience under a shared secret is refused like a forged one.
 */
export class BusinessTokenService {
  private readonly key: Uint8Array;
  /** Tokens whose signature and claims were checked, by their exact text: one request reaches several subgraphs, each checking it. */
  private readonly verified = new Map<string, { principal: BusinessPrincipal; expiresAt: number }>();
  readonly issuer: string;
  readonly audience: string;
  readonly legacyAcceptedUntil: number;
  private readonly now: () => number;

  constructor(options: BusinessTokenOptions) {
    if (options.secret.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
    if (!options.issuer || !options.audience) throw new Error("Business tokens need an issuer and an audience");
    this.key = new TextEncoder().encode(options.secret);
    this.issuer = options.issuer;
    this.audience = options.audience;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.legacyAcceptedUntil = options.legacyAcceptedUntil ?? Infinity;
  }

  /** Whether tokens of the old auth service are still accepted now. */
  private acceptsLegacy(): boolean {
    return this.now() < this.legacyAcceptedUntil;
  }

  private sign(claims: Record<string, unknown>, subject: string, lifetimeSeconds: number): Promise<string> {
    const now = this.now();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(this.key);
  }

  issue(user: { id: number; email: string | null; name?: string; roles: readonly RoleName[] }): Promise<string> {
    const claims = { user_id: user.id, userId: user.id, email: user.email, name: user.name, roles: [...user.roles] };
    return this.sign(claims, String(user.id), TOKEN_LIFETIME_SECONDS);
  }

  /** A short-lived token for a command-line tool of the deployment's operator. */
  issueOperatorToken(): Promise<string> {
    return this.sign({ operator: true }, "operator", OPERATOR_TOKEN_SECONDS);
  }

  /**
   * Verifies signature (HS256 only, so `alg: none` and key confusion are refused), issuer, audience
   * and expiry; a token missing any of them is invalid. The one exception is a token of the old auth
   * service, with neither `iss` nor `aud` (see `checkLegacy`), while `legacyAcceptedUntil` has not come.
   */
  async verify(token: string): Promise<BusinessPrincipal | TokenFailure> {
    const known = this.verified.get(token);
    if (known) {
      // The setting's date may have come since the token was checked.
      if (known.principal.legacy && !this.acceptsLegacy()) return "invalid";
      if (known.expiresAt > this.now()) return { ...known.principal, roles: [...known.principal.roles] };
      this.verified.delete(token);
      return "expired";
    }
    const checked = await this.check(token);
    if (typeof checked !== "string") this.remember(token, { ...checked, roles: [...checked.roles] });
    return checked;
  }

  /** A verified token is the same token until it expires (the signature cannot change): it is checked again only after being forgotten. */
  private remember(token: string, principal: BusinessPrincipal): void {
    const exp = decodeJwt(token).exp;
    if (typeof exp !== "number") return;
    if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { principal, expiresAt: exp });
  }

  private async check(token: string): Promise<BusinessPrincipal | TokenFailure> {
    try {
      // A design-platform token (asymmetric) is told apart by its header, without building an error for it.
      if (decodeProtectedHeader(token).alg !== "HS256") return "invalid";
      // Which rule applies is read before the signature is checked; each rule checks it in full.
      const unverified = decodeJwt(token);
      if (unverified.iss === undefined && unverified.aud === undefined) return await this.checkLegacy(token);
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: this.issuer,
        audience: this.audience,
        requiredClaims: ["exp", "iss", "aud"],
        currentDate: new Date(this.now() * 1000),
      });
      if (payload.operator === true && payload.sub === "operator") {
        const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
        if (lifetime > OPERATOR_TOKEN_SECONDS) return "invalid";
        return { kind: "business", userId: 0, email: null, name: "operator", roles: [], operator: true };
      }
      const userId = payload.user_id ?? payload.userId;
      if (typeof userId !== "number" || !Number.isInteger(userId) || userId <= 0) return "invalid";
      const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [];
      const email = typeof payload.email === "string" ? payload.email : null;
      const name = typeof payload.name === "string" ? payload.name : null;
      return { kind: "business", userId, email, name, roles };
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
    }
  }

  /**
   * A token as the business platform's auth service minted them before the cut-over (the seed's
   * contract: HS256 under the shared secret, `user_id` and `userId`, `email`, `roles`, `exp`, 24 hours):
   * signature and expiry checked as for ours; a lifetime that service never gave (more than 24 hours
   * from `iat`, or from now) is refused, so acceptance cannot outlast the cut-over by more than a day of
   * tokens; the ids must agree; `roles` and `operator` are never read from it.
   */
  private async checkLegacy(token: string): Promise<BusinessPrincipal | TokenFailure> {
    if (!this.acceptsLegacy()) return "invalid";
    const now = this.now();
    const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], requiredClaims: ["exp"], currentDate: new Date(now * 1000) });
    if (payload.iss !== undefined || payload.aud !== undefined) return "invalid";
    const exp = payload.exp!;
    if (exp - now > TOKEN_LIFETIME_SECONDS + LEGACY_CLOCK_SKEW_SECONDS) return "invalid";
    if (payload.iat !== undefined && (typeof payload.iat !== "number" || exp - payload.iat > TOKEN_LIFETIME_SECONDS)) return "invalid";
    const ids = [payload.user_id, payload.userId].filter((id) => id !== undefined);
    const userId = ids[0];
    if (ids.length === 0 || ids.some((id) => id !== userId) || typeof userId !== "number" || !Number.isInteger(userId) || userId <= 0) return "invalid";
    const email = typeof payload.email === "string" ? payload.email : null;
    return { kind: "business", userId, email, name: null, roles: [], legacy: true };
  }
}

function isRole(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function hasRole(roles: readonly RoleName[], ...wanted: RoleName[]): boolean {
  return roles.includes("SUPERUSER") || wanted.some((role) => roles.includes(role));
}
