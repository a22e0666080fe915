import { SignJWT, jwtVerify, errors as joseErrors } from "jose";

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
}

/** Lifetime of an operator token: one command's worth. */
const OPERATOR_TOKEN_SECONDS = 60;

export type TokenFailure = "expired" | "invalid";

export class BusinessTokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
    this.key = new TextEncoder().encode(secret);
  }

  async issue(user: { id: number; email: string | null; name?: string; roles: readonly RoleName[] }): Promise<string> {
    return new SignJWT({ user_id: user.id, userId: user.id, email: user.email, name: user.name, roles: [...user.roles] })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.key);
  }

  /** A short-lived token for a command-line tool of the deployment's operator. */
  async issueOperatorToken(): Promise<string> {
    return new SignJWT({ operator: true })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("operator")
      .setIssuedAt()
      .setExpirationTime(`${OPERATOR_TOKEN_SECONDS}s`)
      .sign(this.key);
  }

  /** Verifies signature (HS256 only, so `alg: none` and key confusion are refused) and expiry. */
  async verify(token: string): Promise<BusinessPrincipal | TokenFailure> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], requiredClaims: ["exp"] });
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
}

function isRole(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function hasRole(roles: readonly RoleName[], ...wanted: RoleName[]): boolean {
  return roles.includes("SUPERUSER") || wanted.some((role) => roles.includes(role));
}
