import type { PrismaClient } from "../../../generated/prisma/client.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { assetVisibleToTeam } from "../../assets/public.js";
import { CUSTOM_MAX, CUSTOM_MIN } from "./design-types.js";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The asset an `asset_id` names, for the caller's team; anything the team may not use now is the same 404. */
export async function imageAssetOf(db: Pick<PrismaClient, "asset">, assetId: string, teamId: string): Promise<{ id: string; width: number; height: number }> {
  const asset = await assetVisibleToTeam(db, assetId, teamId);
  if (!asset) throw new NotFoundError("Asset not found", { entity: "asset" });
  if (asset.type !== "image" || !asset.width || !asset.height) throw new ValidationError("asset_id", "asset_id must name an image asset");
  return { id: asset.id, width: asset.width, height: asset.height };
}

/**
 * A page for an image of `width`×`height` pixels: the image's own size, scaled down (aspect kept) when
 * a side is over 8000 and each side then raised to at least 40 — the bounds of a custom design.
 */
export function pageSizeFor(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, CUSTOM_MAX / width, CUSTOM_MAX / height);
  const side = (value: number) => Math.min(CUSTOM_MAX, Math.max(CUSTOM_MIN, Math.round(value * scale)));
  return { width: side(width), height: side(height) };
}

/** Where the image goes on a page of the given size: as large as fits, aspect kept, centred (the whole page when the page has the image's aspect). */
export function imageBox(image: { width: number; height: number }, page: { width: number; height: number }): Box {
  const scale = Math.min(page.width / image.width, page.height / image.height);
  const width = Math.max(1, Math.min(page.width, Math.round(image.width * scale)));
  const height = Math.max(1, Math.min(page.height, Math.round(image.height * scale)));
  if (Math.abs(width - page.width) <= 1 && Math.abs(height - page.height) <= 1) return { x: 0, y: 0, width: page.width, height: page.height };
  return { x: Math.floor((page.width - width) / 2), y: Math.floor((page.height - height) / 2), width, height };
}
