import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * What other domains may ask of the accounts domain: the names users go by, for the places that show
 * one user to another (comment authors and mentions on the design platform).
 */

/** The name of each of these users that exists, by id. */
export async function userNames(db: PrismaClient, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  return new Map(users.map((user) => [user.id, user.name]));
}
