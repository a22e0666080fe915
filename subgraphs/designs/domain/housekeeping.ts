import type { PrismaClient } from "../../../generated/prisma/client.js";

/** A blank design made through the API and never changed is deleted this long after it was made (documented). */
export const BLANK_DESIGN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SWEEP_BLANK_DESIGNS_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes blank designs nobody changed within their lifetime: no element on any page and never
 * edited by their owner. Designs made from an asset or an import hold content and are kept.
 * Pages go with their design; the assets a design used are not touched.
 */
export async function sweepBlankDesigns(db: PrismaClient, now = Date.now()): Promise<number> {
  const removed = await db.design.deleteMany({
    where: {
      changedByUser: false,
      createdAt: { lt: new Date(now - BLANK_DESIGN_LIFETIME_MS) },
      pages: { every: { elements: { none: {} } } },
    },
  });
  return removed.count;
}
