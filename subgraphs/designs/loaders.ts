import DataLoader from "dataloader";
import type { Design, DesignElement, DesignPage, PrismaClient } from "../../generated/prisma/client.js";
import { groupLoader, idLoader } from "../../lib/db/loaders.js";
import { assetsForRendering, type AssetFacts } from "../assets/public.js";

export interface DesignsLoaders {
  designById: DataLoader<string, Design | null>;
  /** Every page of each design, by page number. */
  pagesByDesign: DataLoader<string, DesignPage[]>;
  /** Every element of each page, back to front. */
  elementsByPage: DataLoader<string, DesignElement[]>;
  /** Assets image elements show, whatever their state (a trashed asset stays drawable). */
  assetById: DataLoader<string, AssetFacts | null>;
}

export function createLoaders(db: PrismaClient): DesignsLoaders {
  return {
    designById: idLoader((args) => db.design.findMany(args)),
    pagesByDesign: groupLoader<DesignPage, string>((args) => db.designPage.findMany(args), "designId", { orderBy: { index: "asc" } }),
    elementsByPage: groupLoader<DesignElement, string>((args) => db.designElement.findMany(args), "pageId", { orderBy: [{ z: "asc" }, { id: "asc" }] }),
    assetById: new DataLoader(async (ids: readonly string[]) => {
      const found = await assetsForRendering(db, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}
