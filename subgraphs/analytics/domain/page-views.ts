import { Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { BadRequestError, ValidationError } from "../../../lib/errors.js";
import { teamDesignPages } from "../../designs/public.js";
import { isResourceId } from "../../../lib/validation.js";
import type { AnalyticsContext } from "../context.js";
import { optionalLinkId } from "./design-access.js";
import { analyticsPage, pageItems } from "./pagination.js";

/** The most page ids one request may name (documented). */
export const PAGE_IDS_MAX = 100;

export interface PageViewFilter {
  type: "by_viewer" | "for_editor" | "by_link";
  viewerId?: string | null;
  linkId?: string | null;
}

export interface PageViewArgs {
  pageIds: readonly string[];
  filter?: PageViewFilter | null;
  limit?: number | null;
  continuation?: string | null;
}

const INVALID_FILTER = "filter must include a valid type discriminator and required fields";

/** The views the filter keeps, as a condition on `design_views` (checked: the fields its type needs). */
function filterCondition(filter: PageViewFilter | null | undefined): Prisma.Sql {
  if (!filter) return Prisma.empty;
  const linkId = optionalLinkId(filter.linkId, "filter.link_id");
  if (filter.type === "for_editor") return Prisma.sql`AND "linkId" IN (SELECT id FROM design_view_links WHERE purpose = 'edit')`;
  if (filter.type === "by_link") {
    if (!linkId) throw new BadRequestError(INVALID_FILTER, { field: "filter" });
    return Prisma.sql`AND "linkId" = ${linkId}`;
  }
  const viewerId = optionalLinkId(filter.viewerId, "filter.viewer_id");
  if (!viewerId) throw new BadRequestError(INVALID_FILTER, { field: "filter" });
  return Prisma.sql`AND "viewerId" = ${viewerId} ${linkId ? Prisma.sql`AND "linkId" = ${linkId}` : Prisma.empty}`;
}

/**
 * How many viewers (of the filter's views) were shown each of `pageIds` that is a page of the design,
 * in the order asked. The viewer shows every page at once, so a view shows the first `pagesShown` pages.
 */
export async function pageViews(ctx: AnalyticsContext, caller: DesignPrincipal, designId: string, args: PageViewArgs) {
  if (args.pageIds.length < 1 || args.pageIds.length > PAGE_IDS_MAX) throw new ValidationError("pageIds", `page_ids must name 1 to ${PAGE_IDS_MAX} pages`);
  if (!args.pageIds.every(isResourceId)) throw new ValidationError("pageIds", "page_ids must be page ids (1 to 50 letters, digits, _ or -)");
  const condition = filterCondition(args.filter);
  const page = analyticsPage(args, caller, ctx.continuationKey, [designId, "page-views", args.pageIds, args.filter ?? null], () => null);
  const { pages } = await teamDesignPages(ctx.db, designId, caller.teamId);
  const numberOf = new Map(pages.map((one) => [one.id, one.index]));
  const asked = [...new Set(args.pageIds)].filter((id) => numberOf.has(id)).slice(page.offset, page.offset + page.limit + 1);
  const shown = asked.length
    ? await ctx.db.$queryRaw<{ shown: number; viewers: number }[]>`
        SELECT shown, count(*)::int AS viewers FROM (
          SELECT max("pagesShown") AS shown FROM design_views WHERE "designId" = ${designId} ${condition} GROUP BY "viewerId"
        ) AS per_viewer GROUP BY shown`
    : [];
  const viewersShown = (pageNumber: number) => shown.reduce((sum, row) => (row.shown >= pageNumber ? sum + row.viewers : sum), 0);
  const byViewer = args.filter?.type === "by_viewer";
  const items = asked.map((pageId) => ({ pageId, totalViewDurationSeconds: 0, uniqueViewCount: byViewer ? null : viewersShown(numberOf.get(pageId)!) }));
  return pageItems(items, page, ctx.continuationKey);
}
