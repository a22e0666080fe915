import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { trashTeamAssets, teamImages } from "../../assets/public.js";
import type { FoldersContext } from "../context.js";
import { lockTeamFolders, missing, ROOT, teamFolder, type Tx } from "./places.js";

interface TreeFolder {
  id: string;
  parentId: string;
  ownerId: number;
}

/** The folder and every folder below it (one statement, however deep). */
async function subtree(tx: Tx, folderId: string): Promise<TreeFolder[]> {
  return tx.$queryRaw<TreeFolder[]>`
    WITH RECURSIVE tree(id, "parentId", "ownerId") AS (
      SELECT id, "parentId", "ownerId" FROM folders WHERE id = ${folderId}
      UNION SELECT f.id, f."parentId", f."ownerId" FROM folders f JOIN tree t ON f."parentId" = t.id
    ) SELECT id, "parentId", "ownerId" FROM tree`;
}

/**
 * What deleting `folderId` removes: the folder itself, and below it the folders the caller made.
 * Folders other members made are kept whole and go to the top level.
 */
export function splitSubtree(folderId: string, tree: readonly TreeFolder[], callerId: number): { deleted: string[]; keptElsewhere: string[] } {
  const children = new Map<string, TreeFolder[]>();
  for (const folder of tree) {
    const siblings = children.get(folder.parentId);
    if (siblings) siblings.push(folder);
    else children.set(folder.parentId, [folder]);
  }
  const deleted = [folderId];
  const keptElsewhere: string[] = [];
  for (let next = 0; next < deleted.length; next++) {
    for (const child of children.get(deleted[next]) ?? []) (child.ownerId === callerId ? deleted : keptElsewhere).push(child.id);
  }
  return { deleted, keptElsewhere };
}

/**
 * Deletes a folder of the team as the documented operation does: the caller's content in it goes to
 * the trash, other users' content to the top level (`root`). Designs have no trash on this platform:
 * they go to the top level too, so nothing is lost. The caller's images go to the assets' trash.
 */
export async function deleteFolder(ctx: FoldersContext, principal: DesignPrincipal, id: string): Promise<boolean> {
  const folder = await teamFolder(ctx, principal, id);
  const { teamId, userId } = principal;
  await ctx.db.$transaction(async (tx) => {
    await lockTeamFolders(tx, teamId);
    const tree = await subtree(tx, folder.id);
    if (tree.length === 0) throw missing("folder");
    const { deleted, keptElsewhere } = splitSubtree(folder.id, tree, userId);
    const placed = await tx.folderPlacement.findMany({ where: { parentId: { in: deleted } }, select: { itemId: true, kind: true } });
    const imageIds = placed.filter((item) => item.kind === "image").map((item) => item.itemId);
    const ownImages = (await teamImages(tx, teamId, imageIds)).filter((image) => image.ownerId === userId).map((image) => image.id);
    await trashTeamAssets(tx, teamId, ownImages);
    await tx.folderPlacement.deleteMany({ where: { itemId: { in: placed.map((item) => item.itemId) } } });
    await tx.folder.updateMany({ where: { id: { in: keptElsewhere } }, data: { parentId: ROOT } });
    await tx.folder.deleteMany({ where: { id: { in: deleted } } });
  });
  return true;
}
