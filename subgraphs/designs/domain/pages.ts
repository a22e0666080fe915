import type { DesignPage } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";
import type { DesignsContext } from "../context.js";

export const PAGE_OFFSET_MAX = 500;
export const PAGE_LIMIT_MAX = 200;

function within(value: number, field: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new ValidationError(field, `${field} must be between 1 and ${max}`);
  return value;
}

/** Pages from the one-based `offset`, at most `limit` (checked: 1..500 and 1..200). */
export async function pagesOf(ctx: DesignsContext, designId: string, offset = 1, limit = 50): Promise<DesignPage[]> {
  const from = within(offset, "offset", PAGE_OFFSET_MAX);
  const count = within(limit, "limit", PAGE_LIMIT_MAX);
  const pages = await ctx.loaders.pagesByDesign.load(designId);
  return pages.filter((page) => page.index >= from).slice(0, count);
}
