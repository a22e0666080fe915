import DataLoader from "dataloader";
import type { Identity, PrismaClient, User } from "../../generated/prisma/client.js";
import { sharedIdLoader } from "../../lib/db/loaders.js";

export interface AccountsLoaders {
  userById: DataLoader<number, User | null>;
  identitiesByUserId: DataLoader<number, Identity[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): AccountsLoaders {
  return {
    userById: sharedIdLoader(db.user),
    identitiesByUserId: new DataLoader(async (userIds) => {
      const identities = await db.identity.findMany({
        where: { userId: { in: [...userIds] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return userIds.map((userId) => identities.filter((identity) => identity.userId === userId));
    }),
  };
}
