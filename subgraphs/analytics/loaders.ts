import type DataLoader from "dataloader";
import type { DesignViewLink, PrismaClient } from "../../generated/prisma/client.js";
import { mapLoader, sharedIdLoader } from "../../lib/db/loaders.js";
import { designTeams } from "../designs/public.js";

export interface AnalyticsLoaders {
  linkById: DataLoader<string, DesignViewLink | null>;
  /** The team owning each design (null: no such design), through the designs domain's published interface. */
  designTeamById: DataLoader<string, string | null>;
}

export function createLoaders(db: PrismaClient): AnalyticsLoaders {
  return {
    linkById: sharedIdLoader(db.designViewLink),
    designTeamById: mapLoader((ids) => designTeams(db, ids)),
  };
}
