import sharp, { type Sharp } from "sharp";
import type { DesignElement, DesignPage } from "../../../../generated/prisma/client.js";
import type { Logger } from "../../../../lib/logger.js";
import { isDependencyUnavailable } from "../../../../lib/unavailable.js";
import type { FileService } from "../../../../lib/storage/file-service.js";
import type { DesignsLoaders } from "../../loaders.js";
import { boundedPageSvg, scaleInto, type DrawTarget } from "./page-svg.js";
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from "./render-settings.js";

/** PNG bytes as the `href` of an image: what the server draws with (each image scaled to its box already). */
const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/** What drawing a page needs: the stored files, and loaders for a page's elements and the assets they show. */
export interface RenderDependencies {
  files: FileService;
  log: Logger;
  loaders: Pick<DesignsLoaders, "elementsByPage" | "assetById">;
  /** The render budget (`DESIGN_RENDER_*`); the documented defaults when the caller reads none (other domains' design summaries). */
  render?: RenderSettings;
}

/**
 * Why a page was not drawn: it took longer than `DESIGN_RENDER_TIMEOUT_SECONDS` (`timeout`), a read
 * waited that long for its turn (`busy`), or the picture asked is over `DESIGN_RENDER_MAX_PIXELS`
 * (`too-large`). A thumbnail is then null, an export job fails with the message.
 */
export class RenderAbandonedError extends Error {
  readonly reason: "timeout" | "busy" | "too-large";

  constructor(reason: RenderAbandonedError["reason"], message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * The error a render failed with, as a `RenderAbandonedError` when it was one: sharp's timeout and
 * input limit fail with messages of their own. Undefined for any other failure.
 */
export function abandonedRender(error: unknown, render: RenderSettings = DEFAULT_RENDER_SETTINGS): RenderAbandonedError | undefined {
  if (error instanceof RenderAbandonedError) return error;
  const message = error instanceof Error ? error.message : "";
  if (message.startsWith("timeout:")) return new RenderAbandonedError("timeout", `it took longer than ${render.timeoutSeconds} seconds to draw (DESIGN_RENDER_TIMEOUT_SECONDS)`);
  if (message.includes("exceeds pixel limit")) return new RenderAbandonedError("too-large", `it is larger than ${render.maxPixels} pixels (DESIGN_RENDER_MAX_PIXELS)`);
  return undefined;
}

/**
 * Pages this process is drawing, every caller together, and those waiting their turn (first come,
 * first served). Each caller brings its own limit (`DESIGN_RENDER_CONCURRENCY`; one setting per process).
 */
const renders = { running: 0, waiting: [] as { limit: number; start: () => void }[] };

function nextRenders(): void {
  while (renders.waiting.length > 0 && renders.running < renders.waiting[0].limit) {
    renders.running++;
    renders.waiting.shift()!.start();
  }
}

/** A turn to draw a page: resolves with the function that ends it (once, whatever happens), or fails after `waitMs` of waiting. */
function renderTurn(limit: number, waitMs?: number): Promise<() => void> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    renders.running--;
    nextRenders();
  };
  return new Promise((resolve, reject) => {
    const turn = { limit, start: () => (clearTimeout(timer), resolve(end)) };
    const timer = waitMs === undefined ? undefined : setTimeout(() => {
      renders.waiting.splice(renders.waiting.indexOf(turn), 1);
      reject(new RenderAbandonedError("busy", `it waited ${Math.round(waitMs / 1000)} seconds for a turn to be drawn (DESIGN_RENDER_CONCURRENCY)`));
    }, waitMs);
    renders.waiting.push(turn);
    nextRenders();
  });
}

/** Pages drawn and waiting to be drawn in this process now (for tests and metrics). */
export const rendersNow = () => ({ running: renders.running, waiting: renders.waiting.length });

/** A page drawn: the sharp pipeline for the caller to encode (within the render's time), and the end of its turn. */
export interface DrawnPage {
  image: Sharp;
  /** Gives the turn back: call it once the image is encoded or given up (a second call does nothing). */
  done(): void;
}

/** The image element's asset scaled to its box at `scale`, or undefined (missing, undecodable) for a placeholder. */
async function imageFor(deps: RenderDependencies, render: RenderSettings, element: DesignElement, scale: number): Promise<Buffer | undefined> {
  const asset = element.assetId ? await deps.loaders.assetById.load(element.assetId) : null;
  if (!asset) return undefined;
  const width = Math.round(element.width * scale);
  const height = Math.round(element.height * scale);
  // An image scaled past the largest picture a render may draw stands as a placeholder.
  if (width < 1 || height < 1 || width * height > render.maxPixels) return undefined;
  for (const key of [asset.blobKey, asset.thumbnailKey]) {
    if (!key) continue;
    try {
      const drawn = await deps.files.withLocalFile(key, (path) =>
        sharp(path, { failOn: "error", animated: false }).timeout({ seconds: render.timeoutSeconds }).rotate().resize(width, height, { fit: "fill" }).png().toBuffer(),
      );
      if (drawn) return drawn;
    } catch (error) {
      if (isDependencyUnavailable(error)) throw error;
      deps.log.warn({ err: error, assetId: asset.id }, "an asset could not be drawn; a placeholder stands in");
    }
  }
  return undefined;
}

/**
 * The page drawn from its content (shapes, text, images) into `target`, within the render budget: a
 * sharp pipeline the caller encodes (PNG, JPEG, raw frames) and then ends with `done`. Outside a
 * transparent target the paper is white. The page waits for a turn among the process's renders (at
 * most `waitSeconds`, else `RenderAbandonedError` "busy"); content past the budget is left out and
 * logged; sharp reads no more pixels than the target's and gives up after `DESIGN_RENDER_TIMEOUT_SECONDS`.
 */
export async function drawPage(deps: RenderDependencies, page: DesignPage, target: DrawTarget, options: { waitSeconds?: number } = {}): Promise<DrawnPage> {
  const render = deps.render ?? DEFAULT_RENDER_SETTINGS;
  const pixels = target.width * target.height;
  if (!(pixels >= 1 && pixels <= render.maxPixels)) throw new RenderAbandonedError("too-large", `${target.width}×${target.height} is more than ${render.maxPixels} pixels (DESIGN_RENDER_MAX_PIXELS)`);
  const done = await renderTurn(render.concurrency, options.waitSeconds === undefined ? undefined : options.waitSeconds * 1000);
  try {
    const elements = await deps.loaders.elementsByPage.load(page.id);
    const scale = scaleInto(page, target);
    const images = new Map<string, string>();
    for (const element of elements.slice(0, render.budget.elements).filter((candidate) => candidate.kind === "image")) {
      const png = await imageFor(deps, render, element, scale);
      if (png) images.set(element.id, pngDataUri(png));
    }
    const { svg, leftOut } = boundedPageSvg(page, elements, images, target, render.budget);
    if (leftOut.elements > 0 || leftOut.textBoxesCut > 0) {
      deps.log.warn({ designId: page.designId, pageId: page.id, leftOut, budget: render.budget }, "content past the page's render budget was left out of its drawing");
    }
    const drawn = sharp(Buffer.from(svg), { limitInputPixels: pixels }).timeout({ seconds: render.timeoutSeconds });
    return { image: target.transparent ? drawn.ensureAlpha() : drawn.flatten({ background: "#ffffff" }), done };
  } catch (error) {
    done();
    throw error;
  }
}

/** The page drawn into `target` and encoded by `encode`, in one turn; a render abandoned is a `RenderAbandonedError`. */
export async function encodedPage<T>(deps: RenderDependencies, page: DesignPage, target: DrawTarget, encode: (image: Sharp) => Promise<T>, options: { waitSeconds?: number } = {}): Promise<T> {
  const drawn = await drawPage(deps, page, target, options);
  try {
    return await encode(drawn.image);
  } catch (error) {
    throw abandonedRender(error, deps.render) ?? error;
  } finally {
    drawn.done();
  }
}
