import type { FolderPlacedKind } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import { teamImages } from "../../assets/public.js";
import { teamDesignSummaries } from "../../designs/public.js";
import type { FoldersContext } from "../context.js";
import { checkRoomIn, isTopLevel, lockTeamFolders, missing, ROOT, type Tx } from "./places.js";

/** The ids of the folder and every folder above it, up to the top level (one statement, however deep). */
export async function folderAndAncestors(tx: Tx, folderId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE chain(id, "parentId") AS (
      SELECT id, "parentId" FROM folders WHERE id = ${folderId}
      UNION SELECT f.id, f."parentId" FROM folders f JOIN chain c ON f.id = c."parentId"
    ) SELECT id FROM chain`;
  return rows.map((row) => row.id);
}

/** What a movable id of the team is: a folder, a design or an image (videos and others' items are not found). */
async function kindOf(tx: Tx, teamId: string, itemId: string): Promise<"folder" | FolderPlacedKind> {
  const folder = await tx.folder.findUnique({ where: { id: itemId }, select: { teamId: true } });
  if (folder) {
    if (folder.teamId !== teamId) throw missing("item");
    return "folder";
  }
  if ((await teamDesignSummaries(tx, teamId, [itemId])).length) return "design";
  if ((await teamImages(tx, teamId, [itemId])).length) return "image";
  throw missing("item");
}

/** The folder's new place; refused when the destination is the folder itself or inside it. */
async function moveFolder(tx: Tx, folderId: string, toFolderId: string): Promise<void> {
  if (!isTopLevel(toFolderId) && (await folderAndAncestors(tx, toFolderId)).includes(folderId)) {
    throw new ValidationError("toFolderId", "A folder cannot be moved into itself or into a folder inside it");
  }
  await tx.folder.update({ where: { id: folderId }, data: { parentId: toFolderId } });
}

/** A design's or image's new place: no row at the top level (`root`). */
async function placeItem(tx: Tx, teamId: string, itemId: string, kind: FolderPlacedKind, toFolderId: string): Promise<void> {
  if (toFolderId === ROOT) {
    await tx.folderPlacement.deleteMany({ where: { itemId } });
    return;
  }
  await tx.folderPlacement.upsert({ where: { itemId }, create: { itemId, kind, teamId, parentId: toFolderId }, update: { parentId: toFolderId, placedAt: new Date() } });
}

async function currentParent(tx: Tx, itemId: string, kind: "folder" | FolderPlacedKind): Promise<string> {
  if (kind === "folder") return (await tx.folder.findUniqueOrThrow({ where: { id: itemId }, select: { parentId: true } })).parentId;
  return (await tx.folderPlacement.findUnique({ where: { itemId }, select: { parentId: true } }))?.parentId ?? ROOT;
}

/**
 * Moves a folder, design or image of the caller's team to `toFolderId` (a top level or a folder of the
 * team with room). Moving an item where it already is changes nothing.
 */
export async function moveItem(ctx: FoldersContext, principal: DesignPrincipal, itemId: string, toFolderId: string): Promise<boolean> {
  if (!isResourceId(itemId) || isTopLevel(itemId)) throw new ValidationError("itemId", `The item id \`${itemId}\` is invalid`);
  const { teamId } = principal;
  await ctx.db.$transaction(async (tx) => {
    await lockTeamFolders(tx, teamId);
    const kind = await kindOf(tx, teamId, itemId);
    if ((await currentParent(tx, itemId, kind)) === toFolderId) return;
    await checkRoomIn(tx, teamId, toFolderId, ctx.limits.itemsPerFolder, "folder");
    if (kind === "folder") await moveFolder(tx, itemId, toFolderId);
    else await placeItem(tx, teamId, itemId, kind, toFolderId);
  });
  return true;
}
