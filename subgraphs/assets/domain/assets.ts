import type { Asset } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { AssetsContext } from "../context.js";

export interface TeamReference {
  id: string;
}

export const ASSET_NAME_MAX = 50;
export const TAGS_MAX = 50;
export const TAG_MAX = 50;
/** Thumbnail URLs stay valid 15 minutes. */
export const THUMBNAIL_URL_SECONDS = 15 * 60;

/** An asset is its team's, until it goes to the trash. */
export function isVisibleTo(asset: Asset | null, principal: Pick<DesignPrincipal, "teamId">): asset is Asset {
  return asset !== null && !asset.trashedAt && asset.teamId === principal.teamId;
}

/** The asset, for its team only: another team's, a trashed or an unknown asset is the same 404. */
export async function visibleAsset(ctx: AssetsContext, principal: DesignPrincipal, id: string): Promise<Asset> {
  const asset = isResourceId(id) ? await ctx.loaders.assetById.load(id) : null;
  if (!isVisibleTo(asset, principal)) throw new NotFoundError("Asset not found");
  return asset;
}

function checkedName(name: string | null | undefined): string | undefined {
  if (name === undefined || name === null || name === "") return undefined;
  if ([...name].length > ASSET_NAME_MAX) throw new ValidationError("name", `name must be at most ${ASSET_NAME_MAX} characters`);
  return name;
}

function checkedTags(tags: readonly string[] | null | undefined): string[] | undefined {
  if (tags === undefined || tags === null) return undefined;
  if (tags.length > TAGS_MAX) throw new ValidationError("tags", `tags must hold at most ${TAGS_MAX} tags`);
  const long = tags.find((tag) => [...tag].length > TAG_MAX);
  if (long !== undefined) throw new ValidationError("tags", `each tag must be at most ${TAG_MAX} characters`);
  return [...tags];
}

/** Name: empty or absent leaves it; tags: given replaces them all. Checks come before any change. */
export async function updateAsset(
  ctx: AssetsContext,
  principal: DesignPrincipal,
  id: string,
  input: { name?: string | null; tags?: readonly string[] | null },
): Promise<Asset> {
  const name = checkedName(input.name);
  const tags = checkedTags(input.tags);
  const asset = await visibleAsset(ctx, principal, id);
  if (name === undefined && tags === undefined) return asset;
  return ctx.db.asset.update({ where: { id: asset.id }, data: { ...(name !== undefined ? { name } : {}), ...(tags !== undefined ? { tags } : {}) } });
}

/** To the trash: gone from the API; the blobs stay for the designs already using them. */
export async function trashAsset(ctx: AssetsContext, principal: DesignPrincipal, id: string): Promise<void> {
  const asset = await visibleAsset(ctx, principal, id);
  await ctx.db.asset.updateMany({ where: { id: asset.id, trashedAt: null }, data: { trashedAt: new Date() } });
}
