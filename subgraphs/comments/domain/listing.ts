import { openToken, signToken } from "../../../lib/crypto/signed-token.js";
import { ValidationError } from "../../../lib/errors.js";
import type { CommentsContext } from "../context.js";

export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 50;
/** How deep a listing may page: a design holds at most its threads, a thread its replies (limits are settings). */
const OFFSET_MAX = 1_000_000;

export interface PageArgs {
  limit?: number | null;
  continuation?: string | null;
}

/** What a continuation carries: where the next items start, and the listing it continues. */
interface Continuation {
  offset: number;
  for: string;
}

function startOf(ctx: CommentsContext, token: string | null | undefined, listing: string): number {
  if (token === undefined || token === null) return 0;
  const opened = openToken(token, ctx.continuationKey) as Partial<Continuation> | undefined;
  if (!opened || opened.for !== listing || !Number.isInteger(opened.offset) || opened.offset! < 0 || opened.offset! > OFFSET_MAX) {
    throw new ValidationError("continuation", "continuation is invalid");
  }
  return opened.offset!;
}

/**
 * One page of a listing, `limit` (1 to 100) at a time; the continuation is signed and bound to
 * `listing` (the caller and what is listed), so it cannot be altered or carried to another listing.
 */
export async function pageOf<Row>(
  ctx: CommentsContext,
  listing: string,
  args: PageArgs,
  read: (skip: number, take: number) => Promise<Row[]>,
): Promise<{ items: Row[]; continuation: string | null }> {
  const limit = args.limit ?? LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) throw new ValidationError("limit", `limit must be between 1 and ${LIMIT_MAX}`);
  const offset = startOf(ctx, args.continuation, listing);
  const rows = await read(offset, limit + 1);
  const next = offset + limit;
  const more = rows.length > limit && next <= OFFSET_MAX;
  return { items: rows.slice(0, limit), continuation: more ? signToken({ offset: next, for: listing } satisfies Continuation, ctx.continuationKey) : null };
}
