import { jobLoader } from "../../lib/jobs/creators-jobs.js";
import type DataLoader from "dataloader";
import type { Job, PrismaClient } from "../../generated/prisma/client.js";
import { designSummaryLoader, type DesignSummaryData } from "../designs/public.js";

export interface ImportsLoaders {
  jobById: DataLoader<string, Job | null>;
  /** The designs an import made, through the designs domain's published interface. */
  designSummaryById: DataLoader<string, DesignSummaryData | null>;
}

export function createLoaders(db: PrismaClient): ImportsLoaders {
  return {
    jobById: jobLoader(db),
    designSummaryById: designSummaryLoader(db),
  };
}
