import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import type { AnalyticsContext } from "../context.js";
import { optionalLinkId } from "./design-access.js";
import { analyticsPage, pageItems } from "./pagination.js";

/** One viewer of a design: a network address through one link. */
export interface ViewerRow {
  viewerId: string;
  linkId: string;
  firstViewedAt: Date;
  lastViewedAt: Date;
  totalViewCount: number;
  pagesViewed: number;
}

export interface ViewerListArgs {
  linkId?: string | null;
  /** A Date as the DateTime scalar parses it (its declared input type also allows the text). */
  firstViewedAfter?: Date | string | null;
  limit?: number | null;
  continuation?: string | null;
}

/** The design's viewers, most recent view first (through one link when `linkId` is given), first viewed after `firstViewedAfter`. */
export async function listViewers(ctx: AnalyticsContext, caller: DesignPrincipal, designId: string, args: ViewerListArgs): Promise<{ items: ViewerRow[]; continuation: string | null }> {
  // The filters travel in the continuation: `?continuation=…` alone continues the same list.
  const page = analyticsPage(args, caller, ctx.continuationKey, [designId, "viewers"], () => ({
    linkId: optionalLinkId(args.linkId, "link_id") ?? null,
    after: args.firstViewedAfter ? new Date(args.firstViewedAfter).toISOString() : null,
  }));
  const { linkId } = page.state;
  const after = page.state.after ? new Date(page.state.after) : undefined;
  const groups = await ctx.db.designView.groupBy({
    by: ["viewerId", "linkId"],
    where: { designId, ...(linkId ? { linkId } : {}) },
    _min: { minute: true },
    _max: { minute: true, pagesShown: true },
    _count: { _all: true },
    ...(after ? { having: { minute: { _min: { gt: after } } } } : {}),
    orderBy: [{ _max: { minute: "desc" } }, { viewerId: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const rows = groups.map((group) => ({
    viewerId: group.viewerId,
    linkId: group.linkId,
    firstViewedAt: group._min.minute!,
    lastViewedAt: group._max.minute!,
    totalViewCount: group._count._all,
    pagesViewed: group._max.pagesShown ?? 0,
  }));
  return pageItems(rows, page, ctx.continuationKey);
}
