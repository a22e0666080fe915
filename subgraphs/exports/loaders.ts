import { jobLoader } from "../../lib/jobs/creators-jobs.js";
import type DataLoader from "dataloader";
import type { Job, PrismaClient } from "../../generated/prisma/client.js";

export interface ExportsLoaders {
  jobById: DataLoader<string, Job | null>;
}

export function createLoaders(db: PrismaClient): ExportsLoaders {
  return { jobById: jobLoader(db) };
}
