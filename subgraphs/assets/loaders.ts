import DataLoader from "dataloader";
import type { Asset, Job, PrismaClient } from "../../generated/prisma/client.js";
import { byIdOrNull } from "../../lib/db/group-by-key.js";

export interface AssetsLoaders {
  assetById: DataLoader<string, Asset | null>;
  jobById: DataLoader<string, Job | null>;
}

export function createLoaders(db: PrismaClient): AssetsLoaders {
  return {
    assetById: new DataLoader((ids) => db.asset.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    jobById: new DataLoader((ids) => db.job.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
  };
}
