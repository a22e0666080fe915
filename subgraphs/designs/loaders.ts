import DataLoader from "dataloader";
import type { Design, DesignElement, DesignPage, PrismaClient } from "../../generated/prisma/client.js";
import { groupLoader, idLoader, mapLoader, sharedIdLoader } from "../../lib/db/loaders.js";
import { assetsForRendering, type AssetFacts } from "../assets/public.js";

/** What a request may still answer of edits, in bytes (every `designEdits` and `designChanged` of it together). */
export interface EditsAnswerBudget {
  left: number;
}

export interface DesignsLoaders {
  designById: DataLoader<string, Design | null>;
  /** Every page of each design, by page number. */
  pagesByDesign: DataLoader<string, DesignPage[]>;
  /** Every element of each page, back to front. */
  elementsByPage: DataLoader<string, DesignElement[]>;
  /** Assets image elements show, whatever their state (a trashed asset stays drawable). */
  assetById: DataLoader<string, AssetFacts | null>;
  /** The designs of one team that show an asset, keyed `{ teamId, assetId }`. */
  designsShowingAsset: DataLoader<{ teamId: string; assetId: string }, Design[], string>;
  /** What this request may still answer of edits, in bytes (`DESIGN_EDITS_ANSWER_BYTES`). */
  editsAnswer: EditsAnswerBudget;
}

/** One query per team for a batch of assets: the designs whose pages show each of them. */
async function designsShowing(db: PrismaClient, keys: readonly { teamId: string; assetId: string }[]): Promise<Design[][]> {
  const byKey = new Map<string, Map<string, Design>>();
  for (const teamId of new Set(keys.map((key) => key.teamId))) {
    const assetIds = keys.filter((key) => key.teamId === teamId).map((key) => key.assetId);
    const elements = await db.designElement.findMany({
      where: { assetId: { in: assetIds }, page: { design: { teamId } } },
      select: { assetId: true, page: { select: { design: true } } },
      orderBy: { page: { design: { updatedAt: "desc" } } },
    });
    for (const { assetId, page } of elements) {
      const key = `${teamId}/${assetId}`;
      if (!byKey.has(key)) byKey.set(key, new Map());
      byKey.get(key)!.set(page.design.id, page.design);
    }
  }
  return keys.map((key) => [...(byKey.get(`${key.teamId}/${key.assetId}`)?.values() ?? [])]);
}

export function createLoaders(db: PrismaClient, editsAnswerBytes = 0): DesignsLoaders {
  return {
    editsAnswer: { left: editsAnswerBytes },
    designById: sharedIdLoader(db.design),
    pagesByDesign: groupLoader<DesignPage, string>(db.designPage, "designId", { orderBy: { index: "asc" } }),
    elementsByPage: groupLoader<DesignElement, string>(db.designElement, "pageId", { orderBy: [{ z: "asc" }, { id: "asc" }] }),
    assetById: mapLoader((ids: readonly string[]) => assetsForRendering(db, ids)),
    designsShowingAsset: new DataLoader((keys) => designsShowing(db, keys), { cacheKeyFn: (key) => `${key.teamId}/${key.assetId}` }),
  };
}
