import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { thumbnailKey } from "./render/thumbnails.js";

/** A blank design made through the API and never changed is deleted this long after it was made (documented). */
export const BLANK_DESIGN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SWEEP_BLANK_DESIGNS_EVERY_MS = 60 * 60 * 1000;
/** Designs deleted per round of the sweep (each with its pages' renders). */
const SWEPT_PER_ROUND = 500;

/**
 * Deletes blank designs nobody changed within their lifetime: no element on any page and never
 * edited by their owner. Designs made from an asset or an import hold content and are kept.
 * Pages go with their design, and so do the renders of its pages in the blob store (first: if the
 * store fails, the designs are still there for the next sweep); the assets a design used are not touched.
 */
export async function sweepBlankDesigns(deps: { db: PrismaClient; files: Pick<BlobStore, "delete"> }, now = Date.now()): Promise<number> {
  const blank = {
    changedByUser: false,
    createdAt: { lt: new Date(now - BLANK_DESIGN_LIFETIME_MS) },
    pages: { every: { elements: { none: {} } } },
  };
  let removed = 0;
  for (;;) {
    const candidates = await deps.db.design.findMany({ where: blank, select: { id: true, updatedAt: true, pages: { select: { id: true } } }, take: SWEPT_PER_ROUND });
    if (candidates.length === 0) return removed;
    // A design given content meanwhile loses a render it will draw again on its next read; it is checked
    // again as the designs are deleted, and stays.
    for (const design of candidates) {
      for (const page of design.pages) await deps.files.delete(thumbnailKey(design, page));
    }
    const { count } = await deps.db.design.deleteMany({ where: { ...blank, id: { in: candidates.map((design) => design.id) } } });
    removed += count;
    if (candidates.length < SWEPT_PER_ROUND) return removed;
  }
}
