import type { PrismaClient } from "../../../generated/prisma/client.js";
import { isResourceId } from "../../../lib/validation.js";

/**
 * The team each of these designs belongs to (a design is its team's), by design id; unknown and
 * malformed ids are absent. Lets another domain tell an unknown design (404) from another team's (403).
 */
export async function designTeams(db: PrismaClient, designIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(designIds)].filter(isResourceId);
  const designs = ids.length ? await db.design.findMany({ where: { id: { in: ids } }, select: { id: true, teamId: true } }) : [];
  return new Map(designs.map((design) => [design.id, design.teamId]));
}

/** The owner (accounts id) of each of these designs that exists, by design id. */
export async function designOwners(db: PrismaClient, designIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(designIds)].filter(isResourceId);
  const designs = ids.length ? await db.design.findMany({ where: { id: { in: ids } }, select: { id: true, ownerId: true } }) : [];
  return new Map(designs.map((design) => [design.id, design.ownerId]));
}
