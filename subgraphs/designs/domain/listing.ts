import type { Design, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { openToken, signToken } from "../../../lib/crypto/signed-token.js";
import { ValidationError } from "../../../lib/errors.js";
import type { DesignsContext } from "../context.js";

export const QUERY_MAX = 255;
export const LIMIT_MAX = 100;
/** How deep a listing may page (offset of the last item). */
const OFFSET_MAX = 100_000;

export type Ownership = "any" | "owned" | "shared";
export type SortBy = "relevance" | "modified_descending" | "modified_ascending" | "title_descending" | "title_ascending";

export interface DesignListArgs {
  query?: string | null;
  ownership?: Ownership | null;
  sortBy?: SortBy | null;
  limit?: number | null;
  continuation?: string | null;
}

const ORDER: Record<SortBy, Prisma.DesignOrderByWithRelationInput[]> = {
  relevance: [{ updatedAt: "desc" }, { id: "desc" }],
  modified_descending: [{ updatedAt: "desc" }, { id: "desc" }],
  modified_ascending: [{ updatedAt: "asc" }, { id: "asc" }],
  title_descending: [{ titleKey: "desc" }, { id: "desc" }],
  title_ascending: [{ titleKey: "asc" }, { id: "asc" }],
};

/** What a continuation carries: where the next items start, and the caller and listing it belongs to. */
interface Continuation {
  offset: number;
  /** The caller, team and filters the token was issued for: it continues that listing only. */
  for: string;
}

function listingOf(principal: DesignPrincipal, query: string, ownership: Ownership, sortBy: SortBy): string {
  return JSON.stringify([principal.userId, principal.teamId, query, ownership, sortBy]);
}

function startOf(ctx: DesignsContext, token: string | null | undefined, listing: string): number {
  if (token === undefined || token === null) return 0;
  const opened = openToken(token, ctx.continuationKey) as Partial<Continuation> | undefined;
  if (!opened || opened.for !== listing || !Number.isInteger(opened.offset) || opened.offset! < 0 || opened.offset! > OFFSET_MAX) {
    throw new ValidationError("continuation", "continuation is invalid");
  }
  return opened.offset!;
}

function whereOf(principal: DesignPrincipal, query: string, ownership: Ownership): Prisma.DesignWhereInput {
  return {
    teamId: principal.teamId,
    ...(ownership === "owned" ? { ownerId: principal.userId } : ownership === "shared" ? { ownerId: { not: principal.userId } } : {}),
    ...(query ? { title: { contains: query, mode: "insensitive" } } : {}),
  };
}

/**
 * The team's designs, `limit` at a time; `continuation` is signed and bound to the caller and to the
 * same query, ownership and order, so it cannot be altered or carried over to another listing.
 */
export async function listDesigns(ctx: DesignsContext, principal: DesignPrincipal, args: DesignListArgs): Promise<{ items: Design[]; continuation: string | null }> {
  const query = (args.query ?? "").trim();
  if ([...query].length > QUERY_MAX) throw new ValidationError("query", `query must be at most ${QUERY_MAX} characters`);
  const limit = args.limit ?? 25;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) throw new ValidationError("limit", `limit must be between 1 and ${LIMIT_MAX}`);
  const ownership = args.ownership ?? "any";
  const sortBy = args.sortBy ?? "relevance";
  const listing = listingOf(principal, query, ownership, sortBy);
  const offset = startOf(ctx, args.continuation, listing);
  const rows = await ctx.db.design.findMany({ where: whereOf(principal, query, ownership), orderBy: ORDER[sortBy], skip: offset, take: limit + 1 });
  const items = rows.slice(0, limit);
  for (const design of items) ctx.loaders.designById.prime(design.id, design);
  const next = offset + limit;
  const more = rows.length > limit && next <= OFFSET_MAX;
  return { items, continuation: more ? signToken({ offset: next, for: listing } satisfies Continuation, ctx.continuationKey) : null };
}
