import type { PrismaClient } from "../../generated/prisma/client.js";
import { ForbiddenError } from "../../lib/errors.js";
import type { KeyStore } from "../../lib/auth/verification-keys.js";
import { signingMaterial } from "./domain/signing-keys.js";
import { capabilitiesOf, hasPremiumFeatures, type Capability } from "./domain/teams.js";

/**
 * What other domains may ask of the identity domain: which capabilities a team's plan holds, so an
 * operation gated by one (resizes, transparent PNG exports, brand templates, autofill) can refuse,
 * and whether its plan has premium features (pro quality exports);
 * which team users belong to (whose mentions in a comment count); and, for webhooks, who owns an
 * integration, what users granted integrations, and the key webhooks are signed with.
 */
export type { Capability };

/** The capabilities the team's plan holds (none for a team that does not exist). */
export async function teamCapabilities(db: PrismaClient, teamId: string): Promise<Capability[]> {
  const team = await db.team.findUnique({ where: { id: teamId }, select: { plan: true } });
  return team ? capabilitiesOf(team.plan) : [];
}

/** Whether the team's plan has premium features (false for a team that does not exist). */
export async function teamHasPremiumFeatures(db: PrismaClient, teamId: string): Promise<boolean> {
  const team = await db.team.findUnique({ where: { id: teamId }, select: { plan: true } });
  return team ? hasPremiumFeatures(team.plan) : false;
}

/** Forbidden (`MISSING_CAPABILITY`), naming the capability, unless the team's plan holds it. */
export async function requireCapability(db: PrismaClient, teamId: string, capability: Capability, action: string): Promise<void> {
  if ((await teamCapabilities(db, teamId)).includes(capability)) return;
  throw new ForbiddenError(`${action} needs the \`${capability}\` capability, which the caller's plan does not hold`, { reason: "MISSING_CAPABILITY" });
}

/** The team of each of these users that has one, by user id. */
export async function teamsOfUsers(db: PrismaClient, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const memberships = ids.length ? await db.teamMembership.findMany({ where: { userId: { in: ids } } }) : [];
  return new Map(memberships.map((membership) => [membership.userId, membership.teamId]));
}

/** An integration's owner (null: one of the deployment itself), or undefined when there is no such integration. */
export async function integrationOwner(db: PrismaClient, clientId: string): Promise<{ ownerId: number | null } | undefined> {
  if (clientId.length > 50) return undefined;
  return (await db.oAuthClient.findUnique({ where: { id: clientId }, select: { ownerId: true } })) ?? undefined;
}

/** What one user granted one approved integration and has not withdrawn nor let expire: the scopes of all their standing consents. */
export interface StandingGrant {
  clientId: string;
  userId: number;
  scopes: string[];
}

/** The standing grants of these users (to any approved integration, or to `clientIds` only). */
export async function standingGrants(db: PrismaClient, userIds: readonly number[], clientIds?: readonly string[]): Promise<StandingGrant[]> {
  if (userIds.length === 0) return [];
  const families = await db.tokenFamily.findMany({
    where: {
      userId: { in: [...new Set(userIds)] },
      revokedAt: null,
      client: { status: "approved" },
      // A consent whose refresh tokens have all expired gives the integration no way back in: it stands no more.
      refreshTokens: { some: { expiresAt: { gt: new Date() }, rotatedAt: null } },
      ...(clientIds ? { clientId: { in: [...clientIds] } } : {}),
    },
    select: { clientId: true, userId: true, scope: true },
  });
  const grants = new Map<string, StandingGrant>();
  for (const family of families) {
    const key = `${family.clientId} ${family.userId}`;
    const grant = grants.get(key) ?? { clientId: family.clientId, userId: family.userId, scopes: [] };
    grant.scopes = [...new Set([...grant.scopes, ...family.scope.split(" ").filter(Boolean)])];
    grants.set(key, grant);
  }
  return [...grants.values()];
}

/** The Ed25519 key webhooks are signed with now (published at /v1/connect/keys), with its `kid`. */
export function webhookSigningMaterial(keys: KeyStore) {
  return signingMaterial(keys, "webhook");
}
