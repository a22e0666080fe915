import { decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import { accountsUserId, type DesignTokenCheck, type DesignTokenVerifier } from "../../../../lib/auth/design-principal.js";
import type { DataRuntime } from "../../../../lib/runtime.js";
import { keyStoreOf, verificationKey, type KeyStore } from "../signing-keys.js";
import { revokeFamily } from "./tokens.js";
import { sha256 } from "./secrets.js";
import { teamOf } from "../teams.js";

interface AccessClaims extends JWTPayload {
  scope: string;
  client_id: string;
  fid: string;
}

async function verifySignature(keys: KeyStore, token: string, checkExpiry: boolean) {
  const { payload } = await jwtVerify<AccessClaims>(token, async (header) => {
    const key = await verificationKey(keys, "oidc", header.kid);
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  }, {
    issuer: keys.issuer,
    algorithms: ["RS256"],
    typ: "at+jwt",
    requiredClaims: ["sub", "jti", "exp", "scope", "client_id", "fid"],
    ...(checkExpiry ? {} : { currentDate: new Date((decodeJwt(token).exp ?? 0) * 1000 - 1000) }),
  });
  return payload;
}

/** The check every design-platform subgraph uses for access tokens, over the deployment's keys and revocations. */
export function designTokenVerifier(runtime: DataRuntime): DesignTokenVerifier {
  const keys = keyStoreOf(runtime);
  return (token) => checkAccessToken(keys.db, keys, token);
}

/** Signature, expiry and revocation (of the token itself or of its whole grant). */
export async function checkAccessToken(db: PrismaClient, keys: KeyStore, token: string): Promise<DesignTokenCheck> {
  let payload: AccessClaims;
  try {
    payload = await verifySignature(keys, token, true);
  } catch (error) {
    return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
  }
  const userId = accountsUserId(payload.sub!);
  if (userId === undefined) return "invalid";
  const [revoked, family, team] = await Promise.all([
    db.revokedAccessToken.findUnique({ where: { jti: payload.jti! } }),
    db.tokenFamily.findUnique({ where: { id: payload.fid } }),
    teamOf(db, userId),
  ]);
  if (revoked || !family || family.revokedAt) return "revoked";
  return {
    kind: "design",
    userId,
    subject: payload.sub!,
    clientId: payload.client_id,
    scopes: payload.scope.split(" ").filter(Boolean),
    jti: payload.jti!,
    familyId: payload.fid,
    teamId: team.id,
  };
}

const looksLikeJwt = (token: string) => token.split(".").length === 3;

/** RFC 7662 for the calling client's own tokens; anything else is `{ active: false }`. */
export async function introspect(db: PrismaClient, keys: KeyStore, client: OAuthClient, token: string) {
  if (looksLikeJwt(token)) {
    const check = await checkAccessToken(db, keys, token);
    if (typeof check === "string" || check.clientId !== client.id) return { active: false };
    const claims = decodeJwt(token);
    return { active: true, scope: claims.scope as string, client: client.id, exp: claims.exp, iat: claims.iat, nbf: claims.nbf, jti: claims.jti, sub: claims.sub };
  }
  const stored = await db.refreshToken.findUnique({ where: { tokenHash: sha256(token) }, include: { family: true } });
  const active = stored && stored.family.clientId === client.id && !stored.family.revokedAt && !stored.rotatedAt && stored.expiresAt > new Date();
  if (!active) return { active: false };
  const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    active: true,
    scope: stored.scope,
    client: client.id,
    exp: toSeconds(stored.expiresAt),
    iat: toSeconds(stored.createdAt),
    nbf: toSeconds(stored.createdAt),
    jti: stored.tokenHash.slice(0, 22),
    sub: `U${stored.family.userId}`,
  };
}

/**
 * RFC 7009: an access token is revoked alone; a refresh token revokes its whole grant (every token
 * derived from it) and so the user's consent. Unknown tokens and other clients' tokens change nothing.
 */
export async function revoke(db: PrismaClient, keys: KeyStore, client: OAuthClient, token: string): Promise<void> {
  if (looksLikeJwt(token)) {
    const payload = await verifySignature(keys, token, false).catch(() => undefined);
    if (!payload || payload.client_id !== client.id) return;
    await db.revokedAccessToken.createMany({ data: [{ jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) }], skipDuplicates: true });
    return;
  }
  const stored = await db.refreshToken.findUnique({ where: { tokenHash: sha256(token) }, include: { family: true } });
  if (stored && stored.family.clientId === client.id) await revokeFamily(db, stored.familyId);
}
