import type { OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import { ConflictError, ValidationError } from "../../../../lib/errors.js";
import { requiredText } from "../../../../lib/validation.js";
import type { IdentitySettings } from "../../settings.js";
import { OAuthError } from "./errors.js";
import { redirectUris } from "./redirect-uris.js";
import { parseScope } from "./scopes.js";
import { matchesHash, newId, newSecret, sha256 } from "./secrets.js";

/** First key of the transaction lock that serializes one owner's registrations (the owner's id is the second). */
const REGISTRATION_LOCK = 0x1d_c11e;

export interface ClientRegistration {
  name: string;
  redirectUris: string[];
  scopes: string;
}

/**
 * Who registers: a signed-in user registers for themself, `unreviewed` and within the cap per owner;
 * the operator's tools (`operator`) register approved integrations for any owner or none, uncounted.
 */
export type Registrant = { operator: false; ownerId: number } | { operator: true; ownerId: number | null };

function checkedRegistration(input: ClientRegistration, settings: IdentitySettings) {
  const name = requiredText(input.name, "name", 255);
  const uris = redirectUris(input.redirectUris, { loopbackHttp: settings.loopbackHttpRedirects });
  let scopes: string[];
  try {
    scopes = parseScope(input.scopes);
  } catch (error) {
    throw new ValidationError("scopes", (error as Error).message);
  }
  if (scopes.length === 0) throw new ValidationError("scopes", "at least one scope is required");
  return { name, redirectUris: uris, scopes };
}

/** Registers an integration; the secret is returned once and kept only as a hash. */
export async function registerClient(db: PrismaClient, settings: IdentitySettings, registrant: Registrant, input: ClientRegistration) {
  const checked = checkedRegistration(input, settings);
  const secret = newSecret();
  const data = { id: newId("OC-"), ...checked, secretHash: sha256(secret), ownerId: registrant.ownerId };
  if (registrant.operator) {
    const client = await db.oAuthClient.create({ data: { ...data, status: "approved", reviewedAt: new Date() } });
    return { client, secret };
  }
  const cap = settings.integrationsPerOwner;
  // One owner's registrations take turns (a lock held until commit), so parallel ones cannot pass the cap together.
  const client = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${REGISTRATION_LOCK}::int, ${registrant.ownerId}::int)`;
    if ((await tx.oAuthClient.count({ where: { ownerId: registrant.ownerId } })) >= cap) {
      throw new ConflictError(`You already have ${cap} integrations, the most one owner may register`, { limit: cap });
    }
    return tx.oAuthClient.create({ data });
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

/** How many integrations one answer of an owner's list holds (the cap per owner is far below it). */
const OWNED_PAGE = 100;

/** The integrations `ownerId` registered, newest first. */
export function clientsOwnedBy(db: PrismaClient, ownerId: number): Promise<OAuthClient[]> {
  return db.oAuthClient.findMany({ where: { ownerId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: OWNED_PAGE });
}
