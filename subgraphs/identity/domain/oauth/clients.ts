import type { OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import { ValidationError } from "../../../../lib/errors.js";
import { requiredText } from "../../../../lib/validation.js";
import { OAuthError } from "./errors.js";
import { parseScope } from "./scopes.js";
import { matchesHash, newId, newSecret, sha256 } from "./secrets.js";

const MAX_REDIRECT_URIS = 10;

/** An absolute https URI without fragment; plain http only for this machine (local development). */
function redirectUri(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError("redirectUris", `not an absolute URI: ${raw}`);
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.hash || !(url.protocol === "https:" || (url.protocol === "http:" && local))) {
    throw new ValidationError("redirectUris", `redirect URIs must be https (http only on localhost) without a fragment: ${raw}`);
  }
  return raw;
}

export interface ClientRegistration {
  name: string;
  redirectUris: string[];
  scopes: string;
}

/** Registers an integration; the secret is returned once and kept only as a hash. */
export async function registerClient(db: PrismaClient, ownerId: number | null, input: ClientRegistration) {
  const name = requiredText(input.name, "name", 255);
  if (input.redirectUris.length === 0 || input.redirectUris.length > MAX_REDIRECT_URIS) {
    throw new ValidationError("redirectUris", `between 1 and ${MAX_REDIRECT_URIS} redirect URIs are required`);
  }
  const redirectUris = [...new Set(input.redirectUris.map(redirectUri))];
  let scopes: string[];
  try {
    scopes = parseScope(input.scopes);
  } catch (error) {
    throw new ValidationError("scopes", (error as Error).message);
  }
  if (scopes.length === 0) throw new ValidationError("scopes", "at least one scope is required");
  const secret = newSecret();
  const client = await db.oAuthClient.create({
    data: { id: newId("OC-"), name, secretHash: sha256(secret), redirectUris, scopes, ownerId },
  });
  return { client, secret };
}

/** The client whose id and secret these are; anything else is `invalid_client` (401). */
export async function authenticateClient(db: PrismaClient, clientId: string | null | undefined, secret: string | null | undefined): Promise<OAuthClient> {
  if (!clientId || !secret) throw new OAuthError("invalid_client", "Client authentication is required");
  const client = clientId.length <= 50 ? await db.oAuthClient.findUnique({ where: { id: clientId } }) : null;
  const valid = matchesHash(secret, client?.secretHash ?? sha256(newSecret()));
  if (!client || !valid) throw new OAuthError("invalid_client", "Client authentication failed");
  return client;
}
