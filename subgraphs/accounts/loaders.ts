import DataLoader from "dataloader";
import type { Identity, PrismaClient, User } from "../../generated/prisma/client.js";
import { byIdOrNull } from "../../lib/db/group-by-key.js";

export interface AccountsLoaders {
  userById: DataLoader<number, User | null>;
  identitiesByUserId: DataLoader<number, Identity[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): AccountsLoaders {
  return {
    userById: new DataLoader((ids) => db.user.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    identitiesByUserId: new DataLoader(async (userIds) => {
      const identities = await db.identity.findMany({
        where: { userId: { in: [...userIds] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return userIds.map((userId) => identities.filter((identity) => identity.userId === userId));
    }),
  };
}
