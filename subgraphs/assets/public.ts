import type { Asset, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { BlobStore } from "../../lib/storage/blob-store.js";
import type { FileService } from "../../lib/storage/file-service.js";
import { isResourceId } from "../../lib/validation.js";
import { isVisibleTo, THUMBNAIL_URL_SECONDS } from "./domain/assets.js";
import { importAsset } from "./domain/import-asset.js";

/**
 * What other domains may ask of the assets domain in the same process (every domain shares the one
 * database): reads that keep this domain's visibility rule, and making an asset from a stored file
 * with this domain's own checks. Nothing else of `subgraphs/assets/` is theirs to import.
 */
export interface AssetFacts {
  id: string;
  type: Asset["type"];
  teamId: string;
  /** Pixel size of an image or an MP4 / QuickTime video; null when unknown. */
  width: number | null;
  height: number | null;
  /** The stored original and thumbnail, to render from (`FileService` keys). */
  blobKey: string;
  thumbnailKey: string | null;
}

function factsOf(asset: Asset): AssetFacts {
  const { id, type, teamId, width, height, blobKey, thumbnailKey } = asset;
  return { id, type, teamId, width, height, blobKey, thumbnailKey };
}

/** The asset if the team may use it now (its own, not in the trash); null for anything else, malformed ids included. */
export async function assetVisibleToTeam(db: Pick<PrismaClient, "asset">, assetId: string, teamId: string): Promise<AssetFacts | null> {
  const asset = isResourceId(assetId) ? await db.asset.findUnique({ where: { id: assetId } }) : null;
  return isVisibleTo(asset, { teamId }) ? factsOf(asset) : null;
}

/**
 * Assets by id whatever their state: what a design already placed stays drawable after the asset
 * is trashed (deleting an asset leaves designs that use it intact).
 */
export async function assetsForRendering(db: PrismaClient, ids: readonly string[]): Promise<Map<string, AssetFacts>> {
  const assets = await db.asset.findMany({ where: { id: { in: [...new Set(ids)] } } });
  return new Map(assets.map((asset) => [asset.id, factsOf(asset)]));
}

/**
 * An image or video asset of `teamId` from a file already stored under `sourceKey` (an import's
 * upload), with the assets domain's own checks (type from content, pixel limit, thumbnail). Throws
 * the domain's `import_failed` job error for anything that is not one.
 */
export async function createAssetFromStoredFile(
  deps: { db: PrismaClient; blobs: BlobStore; maxPixels: number },
  request: { assetId: string; sourceKey: string; name: string; ownerId: number; teamId: string },
): Promise<AssetFacts> {
  const existing = await deps.db.asset.findUnique({ where: { id: request.assetId } });
  return factsOf(existing ?? (await importAsset(deps, request)));
}

/** The documented AssetSummary's data of an image, with its owner (accounts id). */
export interface ImageSummaryData {
  id: string;
  name: string;
  tags: string[];
  ownerId: number;
  createdAt: Date;
  updatedAt: Date;
  thumbnail: { width: number; height: number; key: string } | null;
}

/** The team's images it may use now (not in the trash): all of them, or only those among `ids`. */
export async function teamImages(db: Prisma.TransactionClient, teamId: string, ids?: readonly string[]): Promise<ImageSummaryData[]> {
  const assets = await db.asset.findMany({ where: { teamId, type: "image", trashedAt: null, ...(ids ? { id: { in: [...new Set(ids)] } } : {}) } });
  return assets.map(({ id, name, tags, ownerId, createdAt, updatedAt, thumbnailKey, thumbnailWidth, thumbnailHeight }) => ({
    id,
    name,
    tags,
    ownerId,
    createdAt,
    updatedAt,
    thumbnail: thumbnailKey && thumbnailWidth && thumbnailHeight ? { width: thumbnailWidth, height: thumbnailHeight, key: thumbnailKey } : null,
  }));
}

/** An image's thumbnail as the API shows it: a signed URL valid as long as the assets domain's own. */
export async function imageThumbnail(files: FileService, image: ImageSummaryData): Promise<{ width: number; height: number; url: string } | null> {
  return image.thumbnail ? { width: image.thumbnail.width, height: image.thumbnail.height, url: await files.downloadUrl(image.thumbnail.key, THUMBNAIL_URL_SECONDS) } : null;
}

/** These assets of the team to the trash (as DELETE does); others' and unknown ids are left alone. */
export async function trashTeamAssets(db: Prisma.TransactionClient, teamId: string, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.asset.updateMany({ where: { id: { in: [...new Set(ids)] }, teamId, trashedAt: null }, data: { trashedAt: new Date() } });
}

/** Assets in the trash since before `before`, oldest first, at most `take` of them. */
export async function trashedBefore(db: PrismaClient, before: Date, take: number): Promise<{ id: string; teamId: string }[]> {
  return db.asset.findMany({ where: { trashedAt: { lt: before } }, orderBy: { trashedAt: "asc" }, take, select: { id: true, teamId: true } });
}

/**
 * Deletes these assets for good if they are in the trash: their files (original and thumbnail) from
 * the blob store, then their rows, with `alongside` (another domain's rows about them) in the same
 * transaction; returns the ids deleted. Files go first: if the store fails, every row is still there
 * for the next sweep, and a trashed asset is shown nowhere new meanwhile.
 */
export async function deleteTrashedAssets(
  deps: { db: PrismaClient; blobs: Pick<BlobStore, "delete"> },
  ids: readonly string[],
  alongside?: (tx: Prisma.TransactionClient, deleted: string[]) => Promise<unknown>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const trashed = await deps.db.asset.findMany({ where: { id: { in: [...new Set(ids)] }, trashedAt: { not: null } }, select: { id: true, blobKey: true, thumbnailKey: true } });
  for (const asset of trashed) {
    for (const key of [asset.blobKey, asset.thumbnailKey]) if (key) await deps.blobs.delete(key);
  }
  const deleted = trashed.map((asset) => asset.id);
  await deps.db.$transaction(async (tx) => {
    await tx.asset.deleteMany({ where: { id: { in: deleted }, trashedAt: { not: null } } });
    await alongside?.(tx, deleted);
  });
  return deleted;
}
