import { randomBytes } from "node:crypto";
import type { Folder, FolderPlacedKind, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import { teamImages } from "../../assets/public.js";
import { teamDesignSummaries } from "../../designs/public.js";
import type { FoldersContext } from "../context.js";

export type Tx = Prisma.TransactionClient;

/** The top level of the team's projects: every design and image never moved elsewhere is here. */
export const ROOT = "root";
/** The team's Uploads: a second top level, holding what was created in or moved to it. */
export const UPLOADS = "uploads";

/** `root` and `uploads` are places at the top, not folders: they cannot be read, renamed, moved or deleted. */
export const isTopLevel = (id: string): boolean => id === ROOT || id === UPLOADS;

/** Ids in the platform's style (`^[a-zA-Z0-9_-]{1,50}$`): `F`, then 16 random bytes. */
export function newFolderId(): string {
  return `F${randomBytes(16).toString("base64url")}`;
}

/** What a folder operation may find missing: the folder asked for, the parent to create in, the item to move. */
export type Missing = "folder" | "parent" | "item";

const MESSAGES: Record<Missing, string> = {
  folder: "Folder not found",
  parent: "Parent folder not found",
  item: "Item not found",
};

export function missing(entity: Missing): NotFoundError {
  return new NotFoundError(MESSAGES[entity], { entity });
}

/** The folder if it is the team's; null for another team's, an unknown or a malformed id alike. */
export async function folderOfTeam(ctx: FoldersContext, teamId: string, id: string): Promise<Folder | null> {
  const folder = isResourceId(id) ? await ctx.loaders.folderById.load(id) : null;
  return folder?.teamId === teamId ? folder : null;
}

/** A folder of the caller's team to read, rename or delete: `root` and `uploads` are refused, anything else not the team's is not found. */
export async function teamFolder(ctx: FoldersContext, principal: DesignPrincipal, id: string): Promise<Folder> {
  if (isTopLevel(id)) throw new ForbiddenError(`\`${id}\` is a place at the top of the team's projects, not a folder that can be read, renamed or deleted`);
  const folder = await folderOfTeam(ctx, principal.teamId, id);
  if (!folder) throw missing("folder");
  return folder;
}

/** Where the folder lock of the team is taken (with the team's hash as the second key). */
const TEAM_FOLDERS_LOCK = 0x3f_01de;

/**
 * Every change of a team's folder tree (creating, moving, deleting) takes the team's lock first: they
 * happen one after another, so two moves cannot make a cycle, a folder cannot fill past its limit and
 * nothing lands in a folder being deleted.
 */
export async function lockTeamFolders(tx: Tx, teamId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${TEAM_FOLDERS_LOCK}::int, hashtext(${teamId}))`;
}

/**
 * Inside the team's lock: `parentId` (a top level, or a folder of the team that still exists) can take
 * one more item, or `missingAs` / `FOLDER_FULL`. Top levels have no limit.
 */
export async function checkRoomIn(tx: Tx, teamId: string, parentId: string, itemsMax: number, missingAs: Missing): Promise<void> {
  if (isTopLevel(parentId)) return;
  const parent = isResourceId(parentId) ? await tx.folder.findUnique({ where: { id: parentId }, select: { teamId: true } }) : null;
  if (parent?.teamId !== teamId) throw missing(missingAs);
  const held = async () => (await tx.folder.count({ where: { parentId } })) + (await tx.folderPlacement.count({ where: { parentId } }));
  if ((await held()) < itemsMax) return;
  await forgetGoneItems(tx, teamId, parentId);
  if ((await held()) >= itemsMax) throw new BadRequestError("Target folder has reached size limit", { reason: "FOLDER_FULL" });
}

/**
 * Removes the placements in `parentId` of designs and images that are gone (deleted, or trashed in the
 * assets domain), so they no longer take room. Listing never shows them anyway.
 */
async function forgetGoneItems(tx: Tx, teamId: string, parentId: string): Promise<void> {
  const placed = await tx.folderPlacement.findMany({ where: { parentId }, select: { itemId: true, kind: true } });
  const idsOf = (kind: FolderPlacedKind) => placed.filter((placement) => placement.kind === kind).map((placement) => placement.itemId);
  const present = new Set([...(await teamDesignSummaries(tx, teamId, idsOf("design"))), ...(await teamImages(tx, teamId, idsOf("image")))].map((item) => item.id));
  const gone = placed.filter((placement) => !present.has(placement.itemId)).map((placement) => placement.itemId);
  if (gone.length) await tx.folderPlacement.deleteMany({ where: { itemId: { in: gone } } });
}
