import { decodeJwt } from "jose";
import type { OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import { checkAccessToken, verifyAccessTokenSignature } from "../../../../lib/auth/design-token.js";
import type { KeyStore } from "../../../../lib/auth/verification-keys.js";
import { revokeFamily } from "./tokens.js";
import { sha256 } from "./secrets.js";

const looksLikeJwt = (token: string) => token.split(".").length === 3;

/** RFC 7662 for the calling client's own tokens; anything else is `{ active: false }`. */
export async function introspect(db: PrismaClient, keys: KeyStore, client: OAuthClient, token: string) {
  if (looksLikeJwt(token)) {
    const check = await checkAccessToken(keys, token);
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
    const payload = await verifyAccessTokenSignature(keys, token, false).catch(() => undefined);
    if (!payload || payload.client_id !== client.id) return;
    await db.revokedAccessToken.createMany({ data: [{ jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) }], skipDuplicates: true });
    await keys.announceRevocation?.({ jti: payload.jti! });
    return;
  }
  const stored = await db.refreshToken.findUnique({ where: { tokenHash: sha256(token) }, include: { family: true } });
  if (stored && stored.family.clientId === client.id) await revokeFamily(db, keys, stored.familyId);
}
