import type { OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import type { BusinessPrincipal } from "../../../../lib/auth/business-token.js";
import { OAuthError } from "./errors.js";
import { requireApproved } from "./review.js";
import { isSubset, parseScope } from "./scopes.js";
import { newSecret, sha256 } from "./secrets.js";
import { teamOf } from "../teams.js";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** The longest OpenID Connect `nonce` accepted (it is stored with the code and echoed in the id token). */
export const MAX_NONCE_LENGTH = 255;

export interface AuthorizationRequest {
  responseType?: string | null;
  clientId?: string | null;
  redirectUri?: string | null;
  scope?: string | null;
  state?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  nonce?: string | null;
}

export interface ValidRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  nonce: string | null;
}

/**
 * Checks an authorization request. An unknown client, one not approved (yet), or a redirect URI the
 * client did not register exactly is never redirected to (an error page instead); every other problem
 * goes back to the client.
 */
export async function validateAuthorizationRequest(db: PrismaClient, request: AuthorizationRequest): Promise<ValidRequest> {
  const client = request.clientId && request.clientId.length <= 50
    ? await db.oAuthClient.findUnique({ where: { id: request.clientId } })
    : null;
  if (!client) throw new OAuthError("invalid_request", "Unknown client");
  requireApproved(client);
  if (!request.redirectUri || !client.redirectUris.includes(request.redirectUri)) {
    throw new OAuthError("invalid_request", "The redirect URI is not registered for this client");
  }
  const back = { redirectable: true };
  if (request.responseType !== "code") throw new OAuthError("unsupported_response_type", "response_type must be code", back);
  if (!request.codeChallenge || !/^[A-Za-z0-9_-]{43,128}$/.test(request.codeChallenge)) {
    throw new OAuthError("invalid_request", "A PKCE code_challenge is required", back);
  }
  if (request.codeChallengeMethod !== "S256") throw new OAuthError("invalid_request", "code_challenge_method must be S256", back);
  const scopes = parseScope(request.scope, back);
  if (scopes.length === 0) throw new OAuthError("invalid_scope", "At least one scope is required", back);
  if (!isSubset(scopes, client.scopes)) throw new OAuthError("invalid_scope", "The client may not ask for these scopes", back);
  return { client, redirectUri: request.redirectUri, scopes, codeChallenge: request.codeChallenge, nonce: validateNonce(request.nonce, back) };
}

/** Absent (or empty) is no nonce; otherwise 1 to MAX_NONCE_LENGTH printable characters. */
function validateNonce(nonce: string | null | undefined, back: { redirectable: boolean }): string | null {
  if (!nonce) return null;
  if (nonce.length > MAX_NONCE_LENGTH || !/^[\x20-\x7e]+$/.test(nonce)) {
    throw new OAuthError("invalid_request", `nonce must be at most ${MAX_NONCE_LENGTH} printable ASCII characters`, back);
  }
  return nonce;
}

/** A single-use code, bound to client, redirect URI and challenge, valid for ten minutes. */
export async function issueAuthorizationCode(db: PrismaClient, user: BusinessPrincipal, request: AuthorizationRequest): Promise<string> {
  const valid = await validateAuthorizationRequest(db, request);
  // The user's team exists before any token of theirs does: checking a token only reads it.
  await teamOf(db, user.userId);
  const code = newSecret();
  await db.authorizationCode.create({
    data: {
      codeHash: sha256(code),
      clientId: valid.client.id,
      userId: user.userId,
      redirectUri: valid.redirectUri,
      scope: valid.scopes.join(" "),
      codeChallenge: valid.codeChallenge,
      nonce: valid.nonce,
      userName: user.name ?? user.email ?? `User ${user.userId}`,
      userEmail: user.email,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    },
  });
  return code;
}
