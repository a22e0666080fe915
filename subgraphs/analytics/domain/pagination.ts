import { createHash } from "node:crypto";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { openToken, signToken } from "../../../lib/crypto/signed-token.js";
import { ValidationError } from "../../../lib/errors.js";

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;
/** How deep a list may page. */
const OFFSET_MAX = 100_000;

/** Where a page starts, how long it is, and what its continuation is bound to (and carries). */
export interface AnalyticsPage<State> {
  offset: number;
  limit: number;
  state: State;
  listing: string;
}

interface Continuation<State> {
  offset: number;
  for: string;
  state: State;
}

/**
 * The page asked for: `limit` 1 to 100 (default 50) and a signed `continuation` bound to the caller,
 * the design, the list and its filters (`listing`); `state` is what the list carries from page to page
 * (a time range resolved on its first page), taken from the continuation when one is given.
 */
export function analyticsPage<State>(
  args: { limit?: number | null; continuation?: string | null },
  caller: DesignPrincipal,
  key: Buffer,
  listing: unknown[],
  state: () => State,
): AnalyticsPage<State> {
  const limit = args.limit ?? PAGE_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT_MAX) throw new ValidationError("limit", `limit must be between 1 and ${PAGE_LIMIT_MAX}`);
  const bound = createHash("sha256").update(JSON.stringify([caller.userId, caller.teamId, ...listing])).digest("base64url");
  if (args.continuation === undefined || args.continuation === null) return { offset: 0, limit, state: state(), listing: bound };
  const opened = openToken(args.continuation, key) as Partial<Continuation<State>> | undefined;
  if (!opened || opened.for !== bound || !Number.isInteger(opened.offset) || opened.offset! < 0 || opened.offset! > OFFSET_MAX) {
    throw new ValidationError("continuation", "Invalid continuation token");
  }
  return { offset: opened.offset!, limit, state: opened.state as State, listing: bound };
}

/** The page's items from what was read from its offset (at most `limit + 1`), and the continuation when more follow. */
export function pageItems<T, State>(read: T[], page: AnalyticsPage<State>, key: Buffer): { items: T[]; continuation: string | null } {
  const next = page.offset + page.limit;
  const more = read.length > page.limit && next <= OFFSET_MAX;
  const continuation: Continuation<State> = { offset: next, for: page.listing, state: page.state };
  return { items: read.slice(0, page.limit), continuation: more ? signToken(continuation, key) : null };
}
