import type { PrismaClient } from "../../generated/prisma/client.js";
import { ValidationError } from "../../lib/errors.js";

/**
 * What other domains may ask of the accounts domain: the names users go by, for the places that show
 * one user to another (comment authors and mentions on the design platform), and whether the users
 * a record is about to point at exist.
 */

/** The name of each of these users that exists, by id. */
export async function userNames(db: PrismaClient, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  return new Map(users.map((user) => [user.id, user.name]));
}

/**
 * Refuses, before anything is written, a user id another domain is about to store that names no user
 * (400 naming the field). Every signed-in caller may know that a user exists (the `user` query shows
 * any user's id and name), so existing is what being visible means here. Users are never deleted.
 */
export async function requireExistingUsers(db: PrismaClient, references: Record<string, number | null | undefined>): Promise<void> {
  const given = Object.entries(references).filter((entry): entry is [string, number] => typeof entry[1] === "number");
  if (given.length === 0) return;
  const known = await userNames(db, given.map(([, id]) => id));
  const unknown = given.find(([, id]) => !known.has(id));
  if (unknown) throw new ValidationError(unknown[0], "no user has this id");
}
