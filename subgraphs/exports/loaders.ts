import type DataLoader from "dataloader";
import type { Job, PrismaClient } from "../../generated/prisma/client.js";
import { idLoader } from "../../lib/db/loaders.js";

export interface ExportsLoaders {
  jobById: DataLoader<string, Job | null>;
}

export function createLoaders(db: PrismaClient): ExportsLoaders {
  return { jobById: idLoader((args) => db.job.findMany(args)) };
}
