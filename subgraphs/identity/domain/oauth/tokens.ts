import { SignJWT } from "jose";
import type { Prisma, PrismaClient, TokenFamily } from "../../../../generated/prisma/client.js";
import type { KeyStore } from "../../../../lib/auth/verification-keys.js";
import { signingMaterial } from "../signing-keys.js";
import { designUserId } from "../../../../lib/auth/design-principal.js";
import { isEmailVerified } from "./email-verified.js";
import { OAuthError } from "./errors.js";
import { isSubset, parseScope } from "./scopes.js";
import { newId, newSecret, s256, sha256 } from "./secrets.js";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 4 * 60 * 60;
const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  scope: string;
  idToken: string | null;
}

type Tx = Prisma.TransactionClient;

/** One reading of the clock per token: `iat`, `nbf` and `exp` from separate readings could fall a second apart. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function signAccessToken(keys: KeyStore, family: TokenFamily, scope: string): Promise<string> {
  const { kid, alg, privateKey } = await signingMaterial(keys, "oidc");
  const now = nowSeconds();
  return new SignJWT({ scope, client: family.clientId, client_id: family.clientId, fid: family.id })
    .setProtectedHeader({ alg, kid, typ: "at+jwt" })
    .setIssuer(keys.issuer)
    .setSubject(designUserId(family.userId))
    .setJti(newId(""))
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(privateKey);
}

/** What an id token says beyond the family's user: whether the email is verified now, the request's nonce. */
interface IdTokenFacts {
  emailVerified: boolean;
  nonce: string | null;
}

async function signIdToken(keys: KeyStore, family: TokenFamily, scopes: string[], facts: IdTokenFacts): Promise<string> {
  const { kid, alg, privateKey } = await signingMaterial(keys, "oidc");
  const now = nowSeconds();
  return new SignJWT({ ...userClaims(family, scopes, facts.emailVerified), ...(facts.nonce ? { nonce: facts.nonce } : {}) })
    .setProtectedHeader({ alg, kid })
    .setIssuer(keys.issuer)
    .setSubject(designUserId(family.userId))
    .setAudience(family.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(privateKey);
}

/**
 * OpenID Connect claims the scopes allow: `profile` → names, `email` → email and `email_verified`
 * (true only when the platform has verified that email: see `isEmailVerified`).
 */
export function userClaims(family: Pick<TokenFamily, "userId" | "userName" | "userEmail">, scopes: readonly string[], emailVerified: boolean) {
  const [given, ...rest] = family.userName.split(" ");
  return {
    sub: designUserId(family.userId),
    ...(scopes.includes("profile") ? { name: family.userName, given_name: given, family_name: rest.join(" ") || undefined } : {}),
    ...(scopes.includes("email") && family.userEmail ? { email: family.userEmail, email_verified: emailVerified } : {}),
  };
}

interface Issued {
  family: TokenFamily;
  scopes: string[];
  refreshToken: string;
}

/** Records a new refresh token in the transaction; the JWTs are signed once it has committed. */
async function recordRefreshToken(tx: Tx, family: TokenFamily, scopes: string[]): Promise<Issued> {
  const refreshToken = newSecret();
  await tx.refreshToken.create({
    data: { tokenHash: sha256(refreshToken), familyId: family.id, scope: scopes.join(" "), expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS) },
  });
  return { family, scopes, refreshToken };
}

/**
 * Signs the tokens of a grant. `nonce` is the authorization request's, for the id token of the code
 * exchange only: a refreshed id token carries none (OpenID Connect Core §12.2).
 */
async function sign(db: PrismaClient, keys: KeyStore, { family, scopes, refreshToken }: Issued, nonce: string | null = null): Promise<TokenResponse> {
  const scope = scopes.join(" ");
  const idToken = async () =>
    signIdToken(keys, family, scopes, { emailVerified: scopes.includes("email") && (await isEmailVerified(db, family.userId, family.userEmail)), nonce });
  return {
    accessToken: await signAccessToken(keys, family, scope),
    refreshToken,
    tokenType: "Bearer",
    expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS,
    scope,
    idToken: scopes.includes("openid") ? await idToken() : null,
  };
}

/** authorization_code grant: the code once, by its client, with the verifier of its challenge. */
export async function exchangeCode(
  db: PrismaClient,
  keys: KeyStore,
  clientId: string,
  input: { code?: string | null; codeVerifier?: string | null; redirectUri?: string | null },
): Promise<TokenResponse> {
  if (!input.code) throw new OAuthError("invalid_request", "code is required");
  if (!input.codeVerifier) throw new OAuthError("invalid_request", "code_verifier is required");
  const codeHash = sha256(input.code);
  const stored = await db.authorizationCode.findUnique({ where: { codeHash } });
  if (!stored || stored.clientId !== clientId) throw new OAuthError("invalid_grant", "The authorization code is invalid");
  if (stored.usedAt) {
    // A replayed code: whatever it was exchanged for is withdrawn (RFC 6749 §4.1.2).
    if (stored.familyId) await revokeFamily(db, keys, stored.familyId);
    throw new OAuthError("invalid_grant", "The authorization code was already used");
  }
  if (stored.expiresAt <= new Date()) throw new OAuthError("invalid_grant", "The authorization code has expired");
  if (input.redirectUri && input.redirectUri !== stored.redirectUri) throw new OAuthError("invalid_grant", "redirect_uri does not match");
  if (s256(input.codeVerifier) !== stored.codeChallenge) throw new OAuthError("invalid_grant", "code_verifier does not match the code challenge");
  return db.$transaction(async (tx) => {
    const familyId = newId("F");
    const claimed = await tx.authorizationCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: new Date(), familyId } });
    if (claimed.count !== 1) throw new OAuthError("invalid_grant", "The authorization code was already used");
    const family = await tx.tokenFamily.create({
      data: { id: familyId, clientId, userId: stored.userId, scope: stored.scope, userName: stored.userName, userEmail: stored.userEmail },
    });
    return recordRefreshToken(tx, family, stored.scope.split(" "));
  }).then((issued) => sign(db, keys, issued, stored.nonce));
}

/** refresh_token grant: rotates the token; presenting a rotated token again revokes its whole family. */
export async function refresh(
  db: PrismaClient,
  keys: KeyStore,
  clientId: string,
  input: { refreshToken?: string | null; scope?: string | null },
): Promise<TokenResponse> {
  if (!input.refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  const tokenHash = sha256(input.refreshToken);
  const stored = await db.refreshToken.findUnique({ where: { tokenHash }, include: { family: true } });
  if (!stored || stored.family.clientId !== clientId) throw new OAuthError("invalid_grant", "The refresh token is invalid");
  if (stored.family.revokedAt) throw new OAuthError("invalid_grant", "The refresh token was revoked");
  if (stored.rotatedAt) {
    await revokeFamily(db, keys, stored.familyId);
    throw new OAuthError("invalid_grant", "The refresh token was already used; every token of this grant is revoked");
  }
  if (stored.expiresAt <= new Date()) throw new OAuthError("invalid_grant", "The refresh token has expired");
  const granted = stored.scope.split(" ");
  const requested = input.scope ? parseScope(input.scope) : granted;
  if (requested.length === 0 || !isSubset(requested, granted)) {
    throw new OAuthError("invalid_scope", "A refresh may narrow the scope, never widen it");
  }
  const rotated = await db.$transaction(async (tx) => {
    const claimed = await tx.refreshToken.updateMany({ where: { tokenHash, rotatedAt: null }, data: { rotatedAt: new Date() } });
    return claimed.count === 1 ? recordRefreshToken(tx, stored.family, requested) : null;
  });
  if (rotated) return sign(db, keys, rotated);
  await revokeFamily(db, keys, stored.familyId);
  throw new OAuthError("invalid_grant", "The refresh token was already used; every token of this grant is revoked");
}

/** Revokes a grant and every token of it, then tells every process (outside any transaction: announced once committed). */
export async function revokeFamily(db: PrismaClient, keys: KeyStore, familyId: string): Promise<void> {
  await db.tokenFamily.updateMany({ where: { id: familyId, revokedAt: null }, data: { revokedAt: new Date() } });
  await keys.announceRevocation?.({ familyId });
}
