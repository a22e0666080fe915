import { ValidationError } from "../../../lib/errors.js";
import { optionalText, requiredText } from "../../../lib/validation.js";
import type { BlogInput } from "../__generated__/resolvers-types.js";

/** Documented limits of a post's fields (docs/api.md, "Blog REST paths"). */
export const LIMITS = {
  slug: 100,
  title: 200,
  authorName: 100,
  shortDescription: 500,
  content: 100_000,
  tags: 10,
  tag: 40,
  notes: 2_000,
  page: 100,
} as const;

/** Lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COMMUNITY_PREFIX = "community-";
/** Longest slug stored: a community slug is its prefix and at most LIMITS.slug characters. */
export const MAX_STORED_SLUG = COMMUNITY_PREFIX.length + LIMITS.slug;

/** A new post's slug, exactly as given: no trimming or case folding, so what the caller sent is its address. */
export function newSlug(value: string | null | undefined): string {
  if (value === undefined || value === null || value === "") throw new ValidationError("slug", "slug is required");
  if (value.length > LIMITS.slug) throw new ValidationError("slug", `slug must be at most ${LIMITS.slug} characters`);
  if (!SLUG_PATTERN.test(value)) {
    throw new ValidationError("slug", "slug must be lower-case letters and digits in words joined by single hyphens (^[a-z0-9]+(?:-[a-z0-9]+)*$)");
  }
  return value;
}

/** Community slugs carry the `community-` prefix; a slug that already has it keeps it as it is. */
export function communitySlug(slug: string): string {
  return slug.startsWith(COMMUNITY_PREFIX) ? slug : `${COMMUNITY_PREFIX}${slug}`;
}

function content(value: string | null | undefined, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (value === undefined || value === null || value.trim() === "") throw new ValidationError("content", "content is required");
  if ([...value].length > LIMITS.content) throw new ValidationError("content", `content must be at most ${LIMITS.content} characters`);
  return value;
}

function title(value: string | null | undefined, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  return requiredText(value, "title", LIMITS.title);
}

/** Trimmed, distinct, non-empty tags; `null` clears them. */
function tags(value: readonly string[] | null | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (value.length > LIMITS.tags) throw new ValidationError("tags", `at most ${LIMITS.tags} tags`);
  const trimmed = value.map((tag) => tag.trim());
  if (trimmed.some((tag) => tag.length === 0 || [...tag].length > LIMITS.tag)) {
    throw new ValidationError("tags", `each tag must be 1 to ${LIMITS.tag} characters`);
  }
  return [...new Set(trimmed)];
}

export interface BlogFields {
  title?: string;
  authorName?: string | null;
  date?: Date | null;
  tags?: string[];
  shortDescription?: string | null;
  content?: string;
}

/** The checked fields of `input`; `creating` makes `title` and `content` required. The slug is handled apart. */
export function blogFields(input: BlogInput, creating: boolean): BlogFields {
  // Text the database cannot store (NUL) never gets here: the gateway refuses it (lib/graphql/storable-text.ts).
  const fields: BlogFields = {
    title: title(input.title, creating),
    authorName: optionalText(input.authorName, "authorName", LIMITS.authorName),
    date: input.date,
    tags: tags(input.tags),
    shortDescription: optionalText(input.shortDescription, "shortDescription", LIMITS.shortDescription),
    content: content(input.content, creating),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as BlogFields;
}

/** Review notes: required for `reject` and `request_changes`, at most LIMITS.notes characters. */
export function reviewNotes(notes: string | null | undefined, required: boolean): string | null {
  const text = notes?.trim() ?? "";
  if (required && text === "") throw new ValidationError("notes", "notes are required to reject or request changes");
  if ([...text].length > LIMITS.notes) throw new ValidationError("notes", `notes must be at most ${LIMITS.notes} characters`);
  return text === "" ? null : text;
}

export interface Page {
  skip: number;
  take: number;
}

/** `limit` 1 to LIMITS.page (default 20), `offset` ≥ 0 (default 0). */
export function page(limit: number | null | undefined, offset: number | null | undefined): Page {
  const take = limit ?? 20;
  const skip = offset ?? 0;
  if (take < 1 || take > LIMITS.page) throw new ValidationError("limit", `limit must be between 1 and ${LIMITS.page}`);
  if (skip < 0) throw new ValidationError("offset", "offset must not be negative");
  return { skip, take };
}
