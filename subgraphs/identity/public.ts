import type { PrismaClient } from "../../generated/prisma/client.js";
import { ForbiddenError } from "../../lib/errors.js";
import { capabilitiesOf, type Capability } from "./domain/teams.js";

/**
 * What other domains may ask of the identity domain: which capabilities a team's plan holds, so an
 * operation gated by one (resizes, transparent PNG exports, brand templates, autofill) can refuse;
 * and which team users belong to (whose mentions in a comment count).
 */
export type { Capability };

/** The capabilities the team's plan holds (none for a team that does not exist). */
export async function teamCapabilities(db: PrismaClient, teamId: string): Promise<Capability[]> {
  const team = await db.team.findUnique({ where: { id: teamId }, select: { plan: true } });
  return team ? capabilitiesOf(team.plan) : [];
}

/** 403 `permission_denied`, naming the capability, unless the team's plan holds it. */
export async function requireCapability(db: PrismaClient, teamId: string, capability: Capability, action: string): Promise<void> {
  if ((await teamCapabilities(db, teamId)).includes(capability)) return;
  throw new ForbiddenError(`${action} needs the \`${capability}\` capability, which the caller's plan does not hold`, { designCode: "permission_denied" });
}

/** The team of each of these users that has one, by user id. */
export async function teamsOfUsers(db: PrismaClient, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const memberships = ids.length ? await db.teamMembership.findMany({ where: { userId: { in: ids } } }) : [];
  return new Map(memberships.map((membership) => [membership.userId, membership.teamId]));
}
