import { decodeJwt, type JWTPayload } from "jose";
import type { Bus } from "../pubsub.js";
import type { DesignTokenCheck } from "./design-principal.js";

/** Bus topic of design-token revocations: every process forgets what it remembered of them. */
export const DESIGN_TOKEN_REVOCATIONS = "design-token-revocations";

/** What was revoked: one access token (`jti`), a grant and every token of it (`familyId`), or all grants of an integration (`clientId`). */
export interface TokenRevocation {
  jti?: string;
  familyId?: string;
  clientId?: string;
}

/** Tells every process of the deployment (subgraphs, gateways) about a revocation, after it is committed. */
export function announceRevocation(bus: Bus, revocation: TokenRevocation): Promise<void> {
  return bus.publish(DESIGN_TOKEN_REVOCATIONS, revocation).catch(() => undefined);
}

const LIMIT = 10_000;

/**
 * Design-token checks remembered for subscription re-executions only (the gateway re-reading a
 * subscriber's state after an event: a token already checked in full when the subscription started).
 * A remembered check lasts `ttlMs` at most and never past the token's expiry, and is forgotten at once
 * when any revocation is announced or the bus comes back from an outage (announcements may be lost).
 */
export class RememberedTokenChecks {
  private readonly checks = new Map<string, { check: DesignTokenCheck; until: number }>();
  /** Checks running now: re-executions of one token arriving together (a burst of events) wait for one check. */
  private readonly running = new Map<string, Promise<DesignTokenCheck>>();
  /** Revocations and bus outages seen: a check running while one arrives may have read before it, and is not remembered. */
  private generation = 0;

  private readonly verify: (token: string) => Promise<DesignTokenCheck>;
  private readonly ttlMs: number;

  constructor(
    verify: (token: string) => Promise<DesignTokenCheck>,
    ttlMs: number,
  ) {
    this.verify = verify;
    this.ttlMs = ttlMs;
  }

  async start(bus: Bus): Promise<void> {
    await bus.subscribe(DESIGN_TOKEN_REVOCATIONS, () => this.forget());
    bus.onReconnect(() => this.forget());
  }

  private forget(): void {
    this.generation++;
    this.checks.clear();
    this.running.clear();
  }

  check = (token: string): Promise<DesignTokenCheck> => {
    const remembered = this.checks.get(token);
    if (remembered && remembered.until > Date.now()) return Promise.resolve(remembered.check);
    const running = this.running.get(token);
    if (running) return running;
    if (this.ttlMs <= 0) return this.verify(token);
    const started = Date.now();
    const generation = this.generation;
    const check = this.verify(token).then((result) => {
      if (typeof result === "object" && generation === this.generation) this.remember(token, result, started);
      return result;
    });
    this.running.set(token, check);
    void check.finally(() => this.running.get(token) === check && this.running.delete(token)).catch(() => undefined);
    return check;
  };

  private remember(token: string, check: DesignTokenCheck, checkedAt: number): void {
    if (this.checks.size >= LIMIT) this.checks.delete(this.checks.keys().next().value!);
    this.checks.set(token, { check, until: Math.min(checkedAt + this.ttlMs, expiryOf(token)) });
  }
}

/** The `exp` of a JWT (already verified by the caller) in ms; 0 when unreadable. */
function expiryOf(token: string): number {
  const exp = claimsOf(token)?.exp;
  return typeof exp === "number" ? exp * 1000 : 0;
}

/** A JWT's claims, read without verifying it; undefined when it is not a JWT. */
function claimsOf(token: string): JWTPayload | undefined {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

/** The revocation-relevant claims of a bearer JWT (not verified: only to pick which subscriptions to re-check). */
export function revocationClaimsOf(authorization: string | undefined): TokenRevocation | undefined {
  const token = authorization?.replace(/^Bearer\s+/i, "");
  const payload = token ? claimsOf(token) : undefined;
  return payload && { jti: payload.jti, familyId: payload.fid as string | undefined, clientId: payload.client_id as string | undefined };
}

/** Whether a revocation concerns a token with these claims. */
export function concerns(revocation: TokenRevocation, claims: TokenRevocation): boolean {
  return (
    (revocation.jti !== undefined && revocation.jti === claims.jti) ||
    (revocation.familyId !== undefined && revocation.familyId === claims.familyId) ||
    (revocation.clientId !== undefined && revocation.clientId === claims.clientId)
  );
}

/**
 * When a bearer JWT expires (ms), Infinity without `exp` or when it is no JWT. Not verified: only for a
 * token already checked in full, to know until when a check of it may stand.
 */
export function expiresAtOf(authorization: string | undefined): number {
  const token = authorization?.replace(/^Bearer\s+/i, "");
  const exp = token ? claimsOf(token)?.exp : undefined;
  return typeof exp === "number" ? exp * 1000 : Infinity;
}

/**
 * The scopes a bearer JWT grants (`scope`, sorted) and when it expires (ms; Infinity without `exp`), or
 * undefined when it grants none. Not verified: only to know which callers' answers are alike, for
 * tokens already checked in full.
 */
export function grantOf(authorization: string | undefined): { scopes: string; expiresAt: number } | undefined {
  const token = authorization?.replace(/^Bearer\s+/i, "");
  const claims = token ? claimsOf(token) : undefined;
  if (typeof claims?.scope !== "string") return undefined;
  return { scopes: claims.scope.split(" ").filter(Boolean).sort().join(" "), expiresAt: typeof claims.exp === "number" ? claims.exp * 1000 : Infinity };
}
