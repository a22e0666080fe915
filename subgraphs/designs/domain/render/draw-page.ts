import sharp, { type Sharp } from "sharp";
import type { DesignElement, DesignPage } from "../../../../generated/prisma/client.js";
import type { Logger } from "../../../../lib/logger.js";
import { isDependencyUnavailable } from "../../../../lib/unavailable.js";
import type { FileService } from "../../../../lib/storage/file-service.js";
import type { DesignsLoaders } from "../../loaders.js";
import { pageSvg, scaleInto, type DrawTarget } from "./page-svg.js";

/** PNG bytes as the `href` of an image: what the server draws with (each image scaled to its box already). */
const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/** What drawing a page needs: the stored files, and loaders for a page's elements and the assets they show. */
export interface RenderDependencies {
  files: FileService;
  log: Logger;
  loaders: Pick<DesignsLoaders, "elementsByPage" | "assetById">;
}

/** The image element's asset scaled to its box at `scale`, or undefined (missing, undecodable) for a placeholder. */
async function imageFor(deps: RenderDependencies, element: DesignElement, scale: number): Promise<Buffer | undefined> {
  const asset = element.assetId ? await deps.loaders.assetById.load(element.assetId) : null;
  if (!asset) return undefined;
  const width = Math.round(element.width * scale);
  const height = Math.round(element.height * scale);
  if (width < 1 || height < 1) return undefined;
  for (const key of [asset.blobKey, asset.thumbnailKey]) {
    if (!key) continue;
    try {
      const drawn = await deps.files.withLocalFile(key, (path) => sharp(path, { failOn: "error", animated: false }).rotate().resize(width, height, { fit: "fill" }).png().toBuffer());
      if (drawn) return drawn;
    } catch (error) {
      if (isDependencyUnavailable(error)) throw error;
      deps.log.warn({ err: error, assetId: asset.id }, "an asset could not be drawn; a placeholder stands in");
    }
  }
  return undefined;
}

/**
 * The page drawn from its content (shapes, text, images) into `target`: a sharp pipeline the caller
 * encodes (PNG, JPEG, raw frames). Outside a transparent target the paper is white.
 */
export async function drawPage(deps: RenderDependencies, page: DesignPage, target: DrawTarget): Promise<Sharp> {
  const elements = await deps.loaders.elementsByPage.load(page.id);
  const scale = scaleInto(page, target);
  const images = new Map<string, string>();
  for (const element of elements.filter((candidate) => candidate.kind === "image")) {
    const png = await imageFor(deps, element, scale);
    if (png) images.set(element.id, pngDataUri(png));
  }
  const drawn = sharp(Buffer.from(pageSvg(page, elements, images, target)), { limitInputPixels: false });
  return target.transparent ? drawn.ensureAlpha() : drawn.flatten({ background: "#ffffff" });
}
