import { Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import type { AnalyticsContext } from "../context.js";
import { analyticsPage, pageItems } from "./pagination.js";

/** A link that opened the viewer, with its views. */
export interface LinkRow {
  linkId: string;
  name: string;
  totalViewCount: number;
  uniqueViewCount: number;
  lastViewedAt: Date | null;
}

interface LinkViews {
  linkId: string;
  views: number;
  viewers: number;
  last: Date;
}

const nameOf = (link: { purpose: string; expiresAt: Date }) => `${link.purpose === "edit" ? "Edit" : "View"} link, valid until ${link.expiresAt.toISOString().slice(0, 10)}`;

/** The design's links that opened the viewer, most recently first used first, each with its views and viewers. */
export async function listLinks(
  ctx: AnalyticsContext,
  caller: DesignPrincipal,
  designId: string,
  args: { limit?: number | null; continuation?: string | null },
): Promise<{ items: LinkRow[]; continuation: string | null }> {
  const page = analyticsPage(args, caller, ctx.continuationKey, [designId, "links"], () => null);
  const links = await ctx.db.designViewLink.findMany({ where: { designId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: page.offset, take: page.limit + 1 });
  const stats = links.length
    ? await ctx.db.$queryRaw<LinkViews[]>`
        SELECT "linkId", count(*)::int AS views, count(DISTINCT "viewerId")::int AS viewers, max(minute) AS last
        FROM design_views WHERE "linkId" IN (${Prisma.join(links.map((link) => link.id))}) GROUP BY "linkId"`
    : [];
  const byLink = new Map(stats.map((row) => [row.linkId, row]));
  const rows = links.map((link) => {
    const views = byLink.get(link.id);
    return { linkId: link.id, name: nameOf(link), totalViewCount: views?.views ?? 0, uniqueViewCount: views?.viewers ?? 0, lastViewedAt: views?.last ?? null };
  });
  return pageItems(rows, page, ctx.continuationKey);
}
