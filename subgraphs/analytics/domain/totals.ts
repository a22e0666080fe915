import { Prisma, type PrismaClient } from "../../../generated/prisma/client.js";

/** A design's views (one per viewer and minute) and its distinct viewers. */
export interface ViewTotals {
  totalViewCount: number;
  uniqueViewCount: number;
}

const NO_VIEWS: ViewTotals = { totalViewCount: 0, uniqueViewCount: 0 };

/** The totals of each of these designs, in one statement (none recorded: zeros). */
export async function viewTotals(db: PrismaClient, designIds: readonly string[]): Promise<ViewTotals[]> {
  const rows = await db.$queryRaw<(ViewTotals & { designId: string })[]>`
    SELECT "designId", count(*)::int AS "totalViewCount", count(DISTINCT "viewerId")::int AS "uniqueViewCount"
    FROM design_views WHERE "designId" IN (${Prisma.join([...designIds])}) GROUP BY "designId"`;
  const byDesign = new Map(rows.map(({ designId, ...totals }) => [designId, totals]));
  return designIds.map((id) => byDesign.get(id) ?? NO_VIEWS);
}
