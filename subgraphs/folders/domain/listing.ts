import type { Folder } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { openToken, signToken } from "../../../lib/crypto/signed-token.js";
import { ValidationError } from "../../../lib/errors.js";
import { teamImages, type ImageSummaryData } from "../../assets/public.js";
import { teamDesignSummaries, type DesignSummaryData } from "../../designs/public.js";
import type { FoldersContext } from "../context.js";
import { folderOfTeam, isTopLevel, missing, ROOT } from "./places.js";

export type DesignEntry = DesignSummaryData;
export type ImageEntry = ImageSummaryData;
export type FolderEntryItem = { type: "folder"; folder: Folder };
export type DesignEntryItem = { type: "design"; design: DesignEntry };
export type ImageEntryItem = { type: "image"; image: ImageEntry };
export type FolderListItem = FolderEntryItem | DesignEntryItem | ImageEntryItem;

export type ItemType = "design" | "folder" | "image" | "brand_template";
export type SortBy = "created_ascending" | "created_descending" | "modified_ascending" | "modified_descending" | "title_ascending" | "title_descending";

export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 50;
const DEFAULT_TYPES: readonly ItemType[] = ["design", "folder", "image"];

export interface ListArgs {
  itemTypes?: readonly ItemType[] | null;
  sortBy?: SortBy | null;
  pinStatus?: "any" | "pinned" | null;
  limit?: number | null;
  continuation?: string | null;
}

/** An item with what it sorts by: its title in lower case and its times, in milliseconds. */
interface Entry {
  id: string;
  title: string;
  created: number;
  modified: number;
  item: FolderListItem;
}

/** Where the next page starts: after the item with this sort value and id. */
type Position = [value: string | number, id: string];

function sortValue(entry: Pick<Entry, "title" | "created" | "modified">, sortBy: SortBy): string | number {
  if (sortBy.startsWith("title")) return entry.title;
  return sortBy.startsWith("created") ? entry.created : entry.modified;
}

/** Orders by the sort value, then by id (unique across kinds), both ascending or both descending. */
function compare(a: Position, b: Position, descending: boolean): number {
  const order = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  return descending ? -order : order;
}

const entryOf = (item: FolderListItem, id: string, title: string, created: Date, modified: Date): Entry => ({
  id,
  title: title.toLowerCase(),
  created: created.getTime(),
  modified: modified.getTime(),
  item,
});

/**
 * Everything in the folder of the wanted kinds. A folder holds its subfolders and what was moved to
 * it; `root` also every design and image of the team never moved (no placement).
 */
async function entriesIn(ctx: FoldersContext, teamId: string, folderId: string, types: ReadonlySet<ItemType>): Promise<Entry[]> {
  const entries: Entry[] = [];
  if (types.has("folder")) {
    for (const folder of await ctx.db.folder.findMany({ where: { teamId, parentId: folderId } })) {
      entries.push(entryOf({ type: "folder", folder }, folder.id, folder.name, folder.createdAt, folder.updatedAt));
    }
  }
  const wantsDesigns = types.has("design");
  const wantsImages = types.has("image");
  if (!wantsDesigns && !wantsImages) return entries;
  const placements = await ctx.db.folderPlacement.findMany({ where: folderId === ROOT ? { teamId } : { teamId, parentId: folderId }, select: { itemId: true, kind: true } });
  const idsOf = (kind: "design" | "image") => placements.filter((placement) => placement.kind === kind).map((placement) => placement.itemId);
  // At the top level the placements say what is elsewhere; in a folder, what is in it.
  const select = <Row extends { id: string }>(rows: Row[], kind: "design" | "image") => {
    if (folderId !== ROOT) return rows;
    const elsewhere = new Set(idsOf(kind));
    return rows.filter((row) => !elsewhere.has(row.id));
  };
  const only = (kind: "design" | "image") => (folderId === ROOT ? undefined : idsOf(kind));
  if (wantsDesigns) {
    for (const design of select(await teamDesignSummaries(ctx.db, teamId, only("design")), "design")) {
      const { ownerId: _owner, ...summary } = design;
      entries.push(entryOf({ type: "design", design: summary }, design.id, design.title, design.createdAt, design.updatedAt));
    }
  }
  if (wantsImages) {
    for (const image of select(await teamImages(ctx.db, teamId, only("image")), "image")) {
      entries.push(entryOf({ type: "image", image }, image.id, image.name, image.createdAt, image.updatedAt));
    }
  }
  return entries;
}

/** What a continuation carries: the listing it belongs to and where the next page starts. */
interface Continuation {
  for: string;
  after: Position;
}

function startAfter(ctx: FoldersContext, token: string | null | undefined, listing: string): Position | undefined {
  if (token === undefined || token === null) return undefined;
  const opened = openToken(token, ctx.continuationKey) as Partial<Continuation> | undefined;
  if (!opened || opened.for !== listing || !Array.isArray(opened.after) || opened.after.length !== 2) throw new ValidationError("continuation", "continuation is invalid");
  return opened.after;
}

function checkedLimit(limit: number | null | undefined): number {
  const value = limit ?? LIMIT_DEFAULT;
  if (!Number.isInteger(value) || value < 1 || value > LIMIT_MAX) throw new ValidationError("limit", `limit must be between 1 and ${LIMIT_MAX}`);
  return value;
}

/**
 * One page of a folder's items (or `root`'s, or `uploads`'): `limit` (1 to 100) at a time, in the order
 * asked. The continuation is signed and bound to the caller's team, the folder, the kinds and the order.
 */
export async function listItems(ctx: FoldersContext, principal: DesignPrincipal, folderId: string, args: ListArgs): Promise<{ items: FolderListItem[]; continuation: string | null }> {
  const limit = checkedLimit(args.limit);
  if (!isTopLevel(folderId) && !(await folderOfTeam(ctx, principal.teamId, folderId))) throw missing("folder");
  const types = new Set(args.itemTypes?.length ? args.itemTypes : DEFAULT_TYPES);
  const sortBy = args.sortBy ?? "modified_descending";
  const listing = JSON.stringify([principal.teamId, folderId, [...types].sort(), sortBy]);
  const after = startAfter(ctx, args.continuation, listing);
  if (args.pinStatus === "pinned") return { items: [], continuation: null };
  const descending = sortBy.endsWith("descending");
  const positioned = (await entriesIn(ctx, principal.teamId, folderId, types)).map((entry) => ({ entry, at: [sortValue(entry, sortBy), entry.id] as Position }));
  positioned.sort((a, b) => compare(a.at, b.at, descending));
  const rest = after ? positioned.filter(({ at }) => compare(at, after, descending) > 0) : positioned;
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  const continuation = rest.length > limit && last ? signToken({ for: listing, after: last.at } satisfies Continuation, ctx.continuationKey) : null;
  return { items: page.map(({ entry }) => entry.item), continuation };
}
