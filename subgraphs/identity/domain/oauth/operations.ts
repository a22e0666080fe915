import type { PrismaClient } from "../../../../generated/prisma/client.js";
import type { KeyStore } from "../../../../lib/auth/verification-keys.js";
import { authenticateClient } from "./clients.js";
import { OAuthError } from "./errors.js";
import { requireApproved } from "./review.js";
import { exchangeCode, refresh } from "./tokens.js";

/** POST /v1/oauth/token: authenticates the client, then runs its grant. */
export async function tokenEndpoint(
  db: PrismaClient,
  keys: KeyStore,
  credentials: { clientId?: string | null; clientSecret?: string | null },
  request: { grantType?: string | null; code?: string | null; codeVerifier?: string | null; redirectUri?: string | null; refreshToken?: string | null; scope?: string | null },
) {
  if (!request.grantType) throw new OAuthError("invalid_request", "grant_type is required");
  if (request.grantType !== "authorization_code" && request.grantType !== "refresh_token") {
    throw new OAuthError("unsupported_grant_type", `Unsupported grant_type: ${request.grantType}`);
  }
  const client = requireApproved(await authenticateClient(db, credentials.clientId, credentials.clientSecret));
  return request.grantType === "authorization_code" ? exchangeCode(db, keys, client.id, request) : refresh(db, keys, client.id, request);
}
