import { jobLoader } from "../../lib/jobs/creators-jobs.js";
import type DataLoader from "dataloader";
import type { Job, PrismaClient } from "../../generated/prisma/client.js";
import { designSummaryLoader, type DesignSummaryData } from "../designs/public.js";

export interface MergesLoaders {
  jobById: DataLoader<string, Job | null>;
  /** The designs merges made or changed, through the designs domain's published interface. */
  designSummaryById: DataLoader<string, DesignSummaryData | null>;
}

export function createLoaders(db: PrismaClient): MergesLoaders {
  return {
    jobById: jobLoader(db),
    designSummaryById: designSummaryLoader(db),
  };
}
