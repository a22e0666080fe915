import { announceRevocation } from "./token-revocations.js";
import { decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { DataRuntime } from "../runtime.js";
import { accountsUserId, type DesignTokenCheck, type DesignTokenVerifier } from "./design-principal.js";
import { verificationKey, type KeyStore } from "./verification-keys.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { readUniqueShared } from "../db/loaders.js";

export interface AccessClaims extends JWTPayload {
  scope: string;
  client_id: string;
  fid: string;
}

/** The deployment's key store: its database, sealing key and issuer. */
export function keyStoreOf(runtime: DataRuntime): KeyStore {
  return { db: runtime.db.prisma, sealingKey: runtime.sealingKey, issuer: runtime.config.publicUrl, announceRevocation: (revocation) => announceRevocation(runtime.bus, revocation) };
}

/** The claims of a design access token signed by a published key of this deployment (expiry checked unless told not to). */
export async function verifyAccessTokenSignature(keys: KeyStore, token: string, checkExpiry = true): Promise<AccessClaims> {
  const { payload } = await jwtVerify<AccessClaims>(
    token,
    async (header) => {
      const key = await verificationKey(keys, "oidc", header.kid);
      if (!key) throw new joseErrors.JWKSNoMatchingKey();
      return key;
    },
    {
      issuer: keys.issuer,
      algorithms: ["RS256"],
      typ: "at+jwt",
      requiredClaims: ["sub", "jti", "exp", "scope", "client_id", "fid"],
      ...(checkExpiry ? {} : { currentDate: new Date((decodeJwt(token).exp ?? 0) * 1000 - 1000) }),
    },
  );
  return payload;
}

/**
 * Signature, expiry, revocation (of the token itself or of its whole grant) and the user's team. Only
 * reads: a token's user has a team since the code it came from was issued.
 */
export async function checkAccessToken(keys: KeyStore, token: string): Promise<DesignTokenCheck> {
  let payload: AccessClaims;
  try {
    payload = await verifyAccessTokenSignature(keys, token);
  } catch (error) {
    // Reading the signing key needs the database: its absence is no verdict on the token.
    if (isDatabaseUnavailable(error)) throw error;
    return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
  }
  const userId = accountsUserId(payload.sub!);
  if (userId === undefined) return "invalid";
  const [revoked, family, membership] = await Promise.all([
    readUniqueShared(keys.db.revokedAccessToken, "jti", payload.jti!),
    readUniqueShared(keys.db.tokenFamily, "id", payload.fid),
    readUniqueShared(keys.db.teamMembership, "userId", userId),
  ]);
  if (revoked || !family || family.revokedAt) return "revoked";
  if (!membership) return "invalid";
  return {
    kind: "design",
    userId,
    subject: payload.sub!,
    clientId: payload.client_id,
    scopes: payload.scope.split(" ").filter(Boolean),
    jti: payload.jti!,
    familyId: payload.fid,
    teamId: membership.teamId,
  };
}

/** The check every design-platform subgraph uses for access tokens, over the deployment's keys and revocations. */
export function designTokenVerifier(runtime: DataRuntime): DesignTokenVerifier {
  const keys = keyStoreOf(runtime);
  return (token) => checkAccessToken(keys, token);
}
