import type { Express, Request, Response } from "express";
import type { InternalCalls } from "../../lib/auth/internal-calls.js";
import { htmlPageHeaders } from "../../lib/html-page.js";
import { callerAddress } from "../../lib/http.js";
import { secondsToWait, type Limiter } from "../../lib/rate-limit.js";
import type { DesignsDependencies } from "./context.js";
import { sendEditorPage } from "./edit-page.js";
import { createLoaders } from "./loaders.js";
import { escapeXml } from "./domain/render/page-svg.js";
import { pageThumbnail, type Thumbnail } from "./domain/render/thumbnails.js";
import { checkViewLink, viewLinkExpiry, type ViewPurpose } from "./domain/view-links.js";
import type { ServedView } from "../analytics/public.js";

/** Pages the viewer shows at most (the pages endpoint's largest `limit`). */
const VIEWER_PAGES_MAX = 200;

/**
 * Times one design's view link, and apart from it its edit link, answer per minute, whoever holds them
 * (documented): each link has its own budget, so anonymous views never close the team's editor.
 */
export const VIEWS_PER_DESIGN_PER_MINUTE = 60;

/** The viewer's budgets per design, one per link. */
export type ViewLimiters = Record<ViewPurpose, Limiter>;

type ViewerDependencies = Pick<DesignsDependencies, "db" | "log" | "files" | "viewKey" | "render"> & {
  /** Reads the caller's address the gateway signed along (the page proxy passes nothing else). */
  internalCalls: InternalCalls;
  /** Counts a view the viewer served (the analytics domain); runs after the page answered. */
  recordView: (view: ServedView) => Promise<unknown>;
};

/** A self-contained page: no script, no external assets (images only from this deployment's signed file URLs). */
function page(res: Response, status: number, title: string, body: string): void {
  res.status(status).set(htmlPageHeaders({ images: true })).type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;background:#f4f4f5}
figure{margin:1.5rem 0}img{display:block;max-width:100%;height:auto;background:#fff;box-shadow:0 1px 4px #0003}
figcaption{color:#555;font-size:.9rem;margin-top:.4rem}</style></head><body>${body}</body></html>`);
}

const refusal = (res: Response, status: number, message: string) => page(res, status, "Design unavailable", `<h1>Design unavailable</h1><p>${escapeXml(message)}</p>`);

function figure(thumbnail: Thumbnail | null, index: number): string {
  const caption = `<figcaption>Page ${index}</figcaption>`;
  if (!thumbnail) return `<figure><p>Page ${index} could not be drawn.</p>${caption}</figure>`;
  return `<figure><img src="${escapeXml(thumbnail.url)}" width="${thumbnail.width}" height="${thumbnail.height}" alt="Page ${index}">${caption}</figure>`;
}

/** Counts a view once its page has answered: a failure to record it is logged, never the viewer's. */
function countView(deps: ViewerDependencies, req: Request<{ designId: string }>, purpose: ViewPurpose, pagesShown: number): void {
  const { designId } = req.params;
  Promise.resolve()
    .then(() => {
      const token = String(req.query.token);
      const clientAddress = callerAddress(req, deps.internalCalls);
      return deps.recordView({ designId, purpose, token, expiresAt: viewLinkExpiry(deps.viewKey, token), clientAddress, pagesShown });
    })
    .catch((error: unknown) => deps.log.warn({ err: error, designId }, "a view of the design viewer could not be recorded"));
}

/**
 * `GET /designs/<id>/view|edit?token=…` for whoever holds an unaltered, unexpired link (no API token):
 * `view` shows the design's title and its pages as images; `edit` opens the editor, which signs its
 * user in before it reads anything more. Anything else is a 403 or 404 page that shows nothing of the design.
 */
export function mountViewPages(app: Express, deps: ViewerDependencies, limiters: ViewLimiters): void {
  const viewer = (purpose: ViewPurpose) => async (req: Request<{ designId: string }>, res: Response) => {
    const { designId } = req.params;
    const verdict = checkViewLink(deps.viewKey, designId, purpose, req.query.token);
    if (verdict === "expired") return refusal(res, 403, "This link has expired. Ask for a new one.");
    if (verdict !== "valid") return refusal(res, 403, "This link is not valid.");
    const wait = await secondsToWait(limiters[purpose], designId);
    if (wait !== null) {
      res.set("retry-after", String(wait));
      return refusal(res, 429, "This link has been opened too often in the last minute. Try again shortly.");
    }
    try {
      const loaders = createLoaders(deps.db);
      const design = await loaders.designById.load(designId);
      if (!design) return refusal(res, 404, "This design no longer exists.");
      const pages = (await loaders.pagesByDesign.load(design.id)).slice(0, VIEWER_PAGES_MAX);
      if (purpose === "edit") {
        sendEditorPage(res, design, String(req.query.token));
        return countView(deps, req, purpose, pages.length);
      }
      const thumbnails = await Promise.all(pages.map((one) => pageThumbnail({ ...deps, loaders }, design, one)));
      const figures = pages.map((one, i) => figure(thumbnails[i], one.index)).join("");
      page(res, 200, design.title, `<h1>${escapeXml(design.title)}</h1>${figures}`);
      countView(deps, req, purpose, pages.length);
    } catch (error) {
      deps.log.error({ err: error, designId }, "the design viewer failed");
      refusal(res, 500, "The design cannot be shown right now.");
    }
  };
  app.get("/designs/:designId/view", viewer("view"));
  app.get("/designs/:designId/edit", viewer("edit"));
}
