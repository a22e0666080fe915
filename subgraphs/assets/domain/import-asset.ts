import sharp from "sharp";
import { fileTypeFromFile } from "file-type";
import { stat } from "node:fs/promises";
import type { Asset, PrismaClient } from "../../../generated/prisma/client.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { importFailed } from "./import-errors.js";
import { DEFAULT_VIDEO_LIMITS, ISO_VIDEO_FORMATS, videoFacts, type VideoLimits } from "./video-facts.js";

/** Thumbnails fit in this box, never enlarged. */
const THUMBNAIL_BOX = 400;

/** Image formats decoded for dimensions and thumbnails. */
const IMAGE_FORMATS = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/tiff"]);

export interface ImportRequest {
  /** Fixed by the job, so a resumed job finds (and does not duplicate) what an earlier attempt made. */
  assetId: string;
  /** The stored blob holding the file (an upload, or what a URL answered); read in place, never whole into memory. */
  sourceKey: string;
  name: string;
  ownerId: number;
  teamId: string;
}

const undecodable = () => importFailed("The image could not be decoded");

/**
 * Dimensions and frame count from the file's header (nothing decoded), refused past `maxPixels` for
 * all frames together — a decompression bomb is a few kilobytes on disk — then a thumbnail decoded
 * from the first frame, with the same limit.
 */
async function imageFacts(file: string, maxPixels: number) {
  const { width, height, pages } = await sharp(file, { failOn: "error", limitInputPixels: false })
    .metadata()
    .catch(() => Promise.reject(undecodable()));
  if (!width || !height) throw undecodable();
  const frames = pages ?? 1;
  if (width * height * frames > maxPixels) {
    const what = frames > 1 ? `image's ${frames} frames of ${width} × ${height} pixels are` : `image is ${width} × ${height} pixels,`;
    throw importFailed(`The ${what} more than the ${maxPixels} pixel limit (ASSET_MAX_PIXELS)`);
  }
  try {
    const thumbnail = await sharp(file, { failOn: "error", animated: false, limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { width, height, thumbnail: thumbnail.data, thumbnailWidth: thumbnail.info.width, thumbnailHeight: thumbnail.info.height };
  } catch {
    throw undecodable();
  }
}

export interface ImportDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  maxPixels: number;
  /** The video budgets (the settings' defaults when not given). */
  video?: VideoLimits;
}

/**
 * Reads the file: its type from its content (images and videos only), an image's dimensions and a
 * thumbnail (images past `maxPixels` are refused from their header, before they are decoded), an MP4 or
 * QuickTime video's dimensions and duration from its header (within the video budgets; no thumbnail:
 * nothing here decodes H.264); then records the asset. Anything else fails the job with `import_failed`.
 */
export async function importAsset(deps: ImportDependencies, request: ImportRequest): Promise<Asset> {
  const asset = await deps.blobs.withLocalFile(request.sourceKey, (file) => importFile(deps, request, file));
  if (!asset) throw importFailed("The uploaded file is no longer available");
  return asset;
}

async function importFile(deps: ImportDependencies, request: ImportRequest, file: string): Promise<Asset> {
  const [detected, { size }] = await Promise.all([fileTypeFromFile(file), stat(file)]);
  const mime = detected?.mime ?? "";
  const base = { id: request.assetId, name: request.name, ownerId: request.ownerId, teamId: request.teamId, tags: [], byteSize: size, contentType: mime };
  const blobKey = `assets/${request.assetId}/original`;
  if (IMAGE_FORMATS.has(mime)) {
    const facts = await imageFacts(file, deps.maxPixels);
    const thumbnailKey = `assets/${request.assetId}/thumbnail.png`;
    await deps.blobs.copy(request.sourceKey, blobKey, mime);
    await deps.blobs.put(thumbnailKey, facts.thumbnail, "image/png");
    return deps.db.asset.create({
      data: { ...base, type: "image", blobKey, width: facts.width, height: facts.height, thumbnailKey, thumbnailWidth: facts.thumbnailWidth, thumbnailHeight: facts.thumbnailHeight },
    });
  }
  if (mime.startsWith("video/")) {
    const facts = ISO_VIDEO_FORMATS.has(mime) ? await videoFacts(file, size, deps.video ?? DEFAULT_VIDEO_LIMITS) : null;
    await deps.blobs.copy(request.sourceKey, blobKey, mime);
    return deps.db.asset.create({ data: { ...base, type: "video", blobKey, ...(facts ? { width: facts.width, height: facts.height, durationMs: facts.durationMs } : {}) } });
  }
  throw importFailed(mime ? `Files of type ${mime} cannot be assets: only images and videos` : "The file is not an image or a video");
}
