import { ValidationError } from "../../../lib/errors.js";
import { parseId, requiredText } from "../../../lib/validation.js";

/** Documented limits of forum fields (docs/api.md, "Forum REST paths"). */
export const MAX_TITLE = 200;
export const MAX_CONTENT = 20_000;
export const MAX_TAGS = 5;
export const MAX_TAG = 30;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const MAX_OFFSET = 100_000;

const TAG = /^[a-z0-9+#.-]+$/;

export const questionId = (raw: unknown, field = "id") => parseId(raw, field, "Invalid question ID");
export const answerId = (raw: unknown) => parseId(raw, "id", "Invalid answer ID");

/** The id parsed as `parseId` does (a positive 32-bit integer), or null when it cannot be one. */
export function idOrNull(raw: string): number | null {
  try {
    return parseId(raw, "id", "Invalid ID");
  } catch {
    return null;
  }
}

export const title = (value: string | null | undefined) => requiredText(value, "title", MAX_TITLE);
export const content = (value: string | null | undefined) => requiredText(value, "content", MAX_CONTENT);

/** Up to MAX_TAGS distinct tags, lower-cased and trimmed, each 1 to MAX_TAG characters of a-z 0-9 + # . - */
export function tags(values: readonly string[] | null | undefined): string[] {
  if (values === null || values === undefined) return [];
  if (values.length > MAX_TAGS * 4) throw new ValidationError("tags", `tags: at most ${MAX_TAGS}`);
  const normalized = [...new Set(values.map((value) => value.trim().toLowerCase()))];
  if (normalized.length > MAX_TAGS) throw new ValidationError("tags", `tags: at most ${MAX_TAGS}`);
  for (const tag of normalized) {
    if (tag.length === 0 || tag.length > MAX_TAG || !TAG.test(tag)) {
      throw new ValidationError("tags", `each tag must be 1 to ${MAX_TAG} characters of a-z, 0-9, +, #, . and -`);
    }
  }
  return normalized;
}

/** A tag filter as given: normalized like stored tags; an impossible one is refused. */
export function tagFilter(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const tag = value.trim().toLowerCase();
  if (tag.length === 0 || tag.length > MAX_TAG || !TAG.test(tag)) throw new ValidationError("tag", `tag must be 1 to ${MAX_TAG} characters of a-z, 0-9, +, #, . and -`);
  return tag;
}

export function voteType(value: number): 1 | -1 {
  if (value !== 1 && value !== -1) throw new ValidationError("voteType", "voteType must be 1 (upvote) or -1 (downvote)");
  return value;
}

export function pageLimit(value: number | null | undefined): number {
  if (value === null || value === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT) throw new ValidationError("limit", `limit must be between 1 and ${MAX_LIMIT}`);
  return value;
}

export function pageOffset(value: number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0 || value > MAX_OFFSET) throw new ValidationError("offset", `offset must be between 0 and ${MAX_OFFSET}`);
  return value;
}
