import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { deleteTrashedAssets, trashedBefore } from "../../assets/public.js";
import { assetsShownByDesigns } from "../../designs/public.js";

export const EMPTY_TRASH_EVERY_MS = 60 * 60 * 1000;
/** Assets looked at per round of the sweep. */
const PER_ROUND = 200;

/**
 * Empties the trash of assets kept there longer than `retentionMs`: each is deleted for good with its
 * files and its place in the team's folders, unless a design still shows it (designs that use an asset
 * keep it, trashed or not: it then stays in the trash). Returns how many were deleted.
 */
export async function emptyTrash(deps: { db: PrismaClient; files: Pick<BlobStore, "delete"> }, retentionMs: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionMs);
  let deleted = 0;
  let skipped = 0;
  for (;;) {
    // Those a design shows stay in the trash: the next rounds look past them.
    const candidates = (await trashedBefore(deps.db, before, PER_ROUND + skipped)).slice(skipped);
    if (candidates.length === 0) return deleted;
    const shown = await assetsShownByDesigns(deps.db, candidates.map((asset) => asset.id));
    const unused = candidates.filter((asset) => !shown.has(asset.id)).map((asset) => asset.id);
    const gone = await deleteTrashedAssets({ db: deps.db, blobs: deps.files }, unused, (tx, deleted) => tx.folderPlacement.deleteMany({ where: { itemId: { in: deleted } } }));
    deleted += gone.length;
    skipped += candidates.length - gone.length;
    if (candidates.length < PER_ROUND) return deleted;
  }
}
