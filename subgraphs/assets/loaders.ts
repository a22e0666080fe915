import DataLoader from "dataloader";
import { jobLoader } from "../../lib/jobs/creators-jobs.js";
import type { Asset, Job, PrismaClient } from "../../generated/prisma/client.js";
import { sharedIdLoader } from "../../lib/db/loaders.js";

export interface AssetsLoaders {
  assetById: DataLoader<string, Asset | null>;
  jobById: DataLoader<string, Job | null>;
}

export function createLoaders(db: PrismaClient): AssetsLoaders {
  return {
    assetById: sharedIdLoader(db.asset),
    jobById: jobLoader(db),
  };
}
