import type { Folder } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { requiredText } from "../../../lib/validation.js";
import type { FoldersContext } from "../context.js";
import { checkRoomIn, lockTeamFolders, missing, newFolderId, teamFolder } from "./places.js";

/** The documented length of a folder's name. */
export const NAME_MAX = 255;

const checkedName = (name: string) => requiredText(name, "name", NAME_MAX);

/** A folder of the caller in `parentFolderId`: a top level, or a folder of the team with room for one more item. */
export async function createFolder(ctx: FoldersContext, principal: DesignPrincipal, input: { name: string; parentFolderId: string }): Promise<Folder> {
  const name = checkedName(input.name);
  const { parentFolderId } = input;
  return ctx.db.$transaction(async (tx) => {
    await lockTeamFolders(tx, principal.teamId);
    await checkRoomIn(tx, principal.teamId, parentFolderId, ctx.limits.itemsPerFolder, "parent");
    return tx.folder.create({
      data: { id: newFolderId(), teamId: principal.teamId, ownerId: principal.userId, parentId: parentFolderId, name, nameKey: name.toLowerCase() },
    });
  });
}

export async function renameFolder(ctx: FoldersContext, principal: DesignPrincipal, id: string, newName: string): Promise<Folder> {
  const name = checkedName(newName);
  const folder = await teamFolder(ctx, principal, id);
  // A folder deleted meanwhile is not found, as it would be a moment later.
  const renamed = await ctx.db.folder.updateManyAndReturn({ where: { id: folder.id }, data: { name, nameKey: name.toLowerCase() } });
  if (!renamed[0]) throw missing("folder");
  return renamed[0];
}
