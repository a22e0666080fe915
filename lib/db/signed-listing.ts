import { openToken, signToken } from "../crypto/signed-token.js";
import { ValidationError } from "../errors.js";

/**
 * A design-platform listing (designs, brand templates): a title search, an ownership filter, an order
 * and pages of `limit` items, continued by a signed token bound to the caller and the same listing.
 */

export const QUERY_MAX = 255;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 25;
/** How deep a listing may page (offset of the last item). */
const OFFSET_MAX = 100_000;

export type Ownership = "any" | "owned" | "shared";
export type SortBy = "relevance" | "modified_descending" | "modified_ascending" | "title_descending" | "title_ascending";

export interface ListingArgs {
  query?: string | null;
  ownership?: Ownership | null;
  sortBy?: SortBy | null;
  limit?: number | null;
  continuation?: string | null;
}

type Direction = "asc" | "desc";

/** Orders of rows with `updatedAt`, `titleKey` (the title in lower case) and `id`, the id breaking ties. */
export const LISTING_ORDER: Record<SortBy, Array<{ updatedAt?: Direction; titleKey?: Direction; id?: Direction }>> = {
  relevance: [{ updatedAt: "desc" }, { id: "desc" }],
  modified_descending: [{ updatedAt: "desc" }, { id: "desc" }],
  modified_ascending: [{ updatedAt: "asc" }, { id: "asc" }],
  title_descending: [{ titleKey: "desc" }, { id: "desc" }],
  title_ascending: [{ titleKey: "asc" }, { id: "asc" }],
};

/** One page of a listing, checked: where it starts and how many it takes. */
export interface ListingPage {
  query: string;
  ownership: Ownership;
  sortBy: SortBy;
  limit: number;
  offset: number;
  /** The caller, team and filters the continuation belongs to. */
  listing: string;
}

/** What a continuation carries: where the next items start, and the listing it continues. */
interface Continuation {
  offset: number;
  for: string;
}

/**
 * The page `args` ask for, every parameter checked (400 naming it); `filters` are any further
 * parameters of the listing the continuation must keep (e.g. a dataset filter).
 */
export function listingPage(args: ListingArgs, caller: { userId: number; teamId: string }, key: Buffer, filters: unknown[] = []): ListingPage {
  const query = (args.query ?? "").trim();
  if ([...query].length > QUERY_MAX) throw new ValidationError("query", `query must be at most ${QUERY_MAX} characters`);
  const limit = args.limit ?? LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) throw new ValidationError("limit", `limit must be between 1 and ${LIMIT_MAX}`);
  const ownership = args.ownership ?? "any";
  const sortBy = args.sortBy ?? "relevance";
  const listing = JSON.stringify([caller.userId, caller.teamId, query, ownership, sortBy, ...filters]);
  return { query, ownership, sortBy, limit, listing, offset: startOf(args.continuation, key, listing) };
}

function startOf(token: string | null | undefined, key: Buffer, listing: string): number {
  if (token === undefined || token === null) return 0;
  const opened = openToken(token, key) as Partial<Continuation> | undefined;
  if (!opened || opened.for !== listing || !Number.isInteger(opened.offset) || opened.offset! < 0 || opened.offset! > OFFSET_MAX) {
    throw new ValidationError("continuation", "continuation is invalid");
  }
  return opened.offset!;
}

/** Who owns the rows `ownership` keeps: the caller's own, everyone else's, or all. */
export function ownershipFilter(ownership: Ownership, userId: number): { ownerId?: number | { not: number } } {
  return ownership === "owned" ? { ownerId: userId } : ownership === "shared" ? { ownerId: { not: userId } } : {};
}

/** The page's items from rows read with `skip: offset, take: limit + 1`, and the signed continuation when more follow. */
export function pageOf<T>(rows: T[], page: ListingPage, key: Buffer): { items: T[]; continuation: string | null } {
  const next = page.offset + page.limit;
  const more = rows.length > page.limit && next <= OFFSET_MAX;
  return { items: rows.slice(0, page.limit), continuation: more ? signToken({ offset: next, for: page.listing } satisfies Continuation, key) : null };
}
