import type { Sharp } from "sharp";
import type { Design, DesignPage, PrismaClient } from "../../../../generated/prisma/client.js";
import type { Logger } from "../../../../lib/logger.js";
import type { FileService } from "../../../../lib/storage/file-service.js";
import { createLoaders } from "../../loaders.js";
import { drawPage } from "./draw-page.js";
import type { DrawTarget } from "./page-svg.js";

/** A design's pages, and a way to draw each at any size (for exports, which run in job workers). */
export interface DesignDrawing {
  design: Design;
  /** Every page, by page number. */
  pages: DesignPage[];
  draw(page: DesignPage, target: DrawTarget): Promise<Sharp>;
}

/** The design with its pages ready to draw, or undefined when it no longer exists. */
export async function designDrawing(deps: { db: PrismaClient; files: FileService; log: Logger }, designId: string): Promise<DesignDrawing | undefined> {
  const loaders = createLoaders(deps.db);
  const design = await loaders.designById.load(designId);
  if (!design) return undefined;
  const pages = await loaders.pagesByDesign.load(designId);
  const renderDeps = { files: deps.files, log: deps.log, loaders };
  return { design, pages, draw: (page, target) => drawPage(renderDeps, page, target) };
}
