import type { Design, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { LISTING_ORDER, listingPage, ownershipFilter, pageOf, type ListingArgs } from "../../../lib/db/signed-listing.js";
import type { DesignsContext } from "../context.js";

export type DesignListArgs = ListingArgs;

/**
 * The team's designs, `limit` at a time; `continuation` is signed and bound to the caller and to the
 * same query, ownership and order, so it cannot be altered or carried over to another listing.
 */
export async function listDesigns(ctx: DesignsContext, principal: DesignPrincipal, args: DesignListArgs): Promise<{ items: Design[]; continuation: string | null }> {
  const page = listingPage(args, principal, ctx.continuationKey);
  const where: Prisma.DesignWhereInput = {
    teamId: principal.teamId,
    ...ownershipFilter(page.ownership, principal.userId),
    ...(page.query ? { title: { contains: page.query, mode: "insensitive" } } : {}),
  };
  const rows = await ctx.db.design.findMany({ where, orderBy: LISTING_ORDER[page.sortBy], skip: page.offset, take: page.limit + 1 });
  const result = pageOf(rows, page, ctx.continuationKey);
  for (const design of result.items) ctx.loaders.designById.prime(design.id, design);
  return result;
}
