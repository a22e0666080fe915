import type { PrismaClient } from "../../../generated/prisma/client.js";

/** A design's views (one per viewer and minute) and its distinct viewers. */
export interface ViewTotals {
  totalViewCount: number;
  uniqueViewCount: number;
}

export async function viewTotals(db: PrismaClient, designId: string): Promise<ViewTotals> {
  const [totals] = await db.$queryRaw<ViewTotals[]>`
    SELECT count(*)::int AS "totalViewCount", count(DISTINCT "viewerId")::int AS "uniqueViewCount"
    FROM design_views WHERE "designId" = ${designId}`;
  return totals;
}
