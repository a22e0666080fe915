import type { PrismaClient } from "../../generated/prisma/client.js";
import { ForbiddenError } from "../../lib/errors.js";
import { capabilitiesOf, type Capability } from "./domain/teams.js";

/**
 * What other domains may ask of the identity domain: which capabilities a team's plan holds, so an
 * operation gated by one (resizes, transparent PNG exports, brand templates, autofill) can refuse.
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
