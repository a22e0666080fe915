import type DataLoader from "dataloader";
import type { Folder, PrismaClient } from "../../generated/prisma/client.js";
import { mapLoader, sharedIdLoader } from "../../lib/db/loaders.js";

/** Where a design or image was moved to. */
export interface Placement {
  teamId: string;
  parentId: string;
}

export interface FoldersLoaders {
  folderById: DataLoader<string, Folder | null>;
  /** Where each design or image was moved to, by item id (null: never moved, at the top level `root`). */
  placementByItem: DataLoader<string, Placement | null>;
}

export function createLoaders(db: PrismaClient): FoldersLoaders {
  return {
    folderById: sharedIdLoader(db.folder),
    placementByItem: mapLoader(async (itemIds) => {
      const rows = await db.folderPlacement.findMany({ where: { itemId: { in: [...itemIds] } }, select: { itemId: true, teamId: true, parentId: true } });
      return new Map(rows.map(({ itemId, teamId, parentId }) => [itemId, { teamId, parentId }]));
    }),
  };
}
