import type { Design, DesignPage, PrismaClient } from "../../../../generated/prisma/client.js";
import type { Logger } from "../../../../lib/logger.js";
import type { FileService } from "../../../../lib/storage/file-service.js";
import { createLoaders } from "../../loaders.js";
import { drawPage, type DrawnPage } from "./draw-page.js";
import type { DrawTarget } from "./page-svg.js";
import type { RenderSettings } from "./render-settings.js";

/** A design's pages, and a way to draw each at any size (for exports, which run in job workers). */
export interface DesignDrawing {
  design: Design;
  /** Every page, by page number. */
  pages: DesignPage[];
  /**
   * The page drawn within the render budget, once its turn among the process's renders came (a job
   * waits as long as it takes): encode `image`, then call `done`. A render past its time fails with
   * sharp's timeout (`abandonedRender` tells it).
   */
  draw(page: DesignPage, target: DrawTarget): Promise<DrawnPage>;
}

/** The design with its pages ready to draw, or undefined when it no longer exists. */
export async function designDrawing(deps: { db: PrismaClient; files: FileService; log: Logger; render: RenderSettings }, designId: string): Promise<DesignDrawing | undefined> {
  const loaders = createLoaders(deps.db);
  const design = await loaders.designById.load(designId);
  if (!design) return undefined;
  const pages = await loaders.pagesByDesign.load(designId);
  const renderDeps = { files: deps.files, log: deps.log, loaders, render: deps.render };
  return { design, pages, draw: (page, target) => drawPage(renderDeps, page, target) };
}
