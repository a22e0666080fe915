import DataLoader from "dataloader";
import type { DesignViewLink, PrismaClient } from "../../generated/prisma/client.js";
import { mapLoader, sharedIdLoader } from "../../lib/db/loaders.js";
import { designTeams } from "../designs/public.js";
import { teamCapabilities, type Capability } from "../identity/public.js";
import { viewTotals, type ViewTotals } from "./domain/totals.js";

export interface AnalyticsLoaders {
  linkById: DataLoader<string, DesignViewLink | null>;
  /** The team owning each design (null: no such design), through the designs domain's published interface. */
  designTeamById: DataLoader<string, string | null>;
  /** What each team's plan holds, through the identity domain's published interface (read once per request). */
  capabilitiesByTeam: DataLoader<string, Capability[]>;
  viewTotalsByDesign: DataLoader<string, ViewTotals>;
}

export function createLoaders(db: PrismaClient): AnalyticsLoaders {
  return {
    linkById: sharedIdLoader(db.designViewLink),
    designTeamById: mapLoader((ids) => designTeams(db, ids)),
    capabilitiesByTeam: new DataLoader((teamIds) => Promise.all(teamIds.map((teamId) => teamCapabilities(db, teamId)))),
    viewTotalsByDesign: new DataLoader((designIds) => viewTotals(db, designIds)),
  };
}
