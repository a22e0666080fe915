import type { Blog, BlogStatus, BlogType, Prisma } from "../../../generated/prisma/client.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { BadRequestError, ConflictError } from "../../../lib/errors.js";
import { userNames } from "../../accounts/public.js";
import type { BlogInput } from "../__generated__/resolvers-types.js";
import type { BlogContext } from "../context.js";
import { renderMarkdown } from "./markdown.js";
import { blogFields, type BlogFields } from "./validation.js";

const DUPLICATE_SLUG = "A blog with this slug already exists";

/** The byline of a new post: as given (`null` for none), else the author's account name. */
async function byline(ctx: BlogContext, given: string | null | undefined, authorId: number): Promise<string | null> {
  if (given !== undefined) return given;
  return (await userNames(ctx.db, [authorId])).get(authorId)?.slice(0, 100) ?? null;
}

/** Stores a new post; a slug already taken (checked first, and by the unique index under races) is a 409. */
async function insertBlog(ctx: BlogContext, data: Prisma.BlogUncheckedCreateInput): Promise<Blog> {
  if (await ctx.db.blog.findUnique({ where: { slug: data.slug }, select: { id: true } })) throw new ConflictError(DUPLICATE_SLUG);
  try {
    return await ctx.db.blog.create({ data });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_SLUG);
    throw error;
  }
}

/** The fields to write: `content` comes with its sanitized HTML, rendered here once so that reads never render. */
export function withHtml(fields: BlogFields): BlogFields & { contentHtml?: string } {
  return fields.content === undefined ? fields : { ...fields, contentHtml: renderMarkdown(fields.content) };
}

/**
 * A new post of `authorId`: `title` and `content` required, the byline and `date` (today) filled in when
 * left out. `beforeWrite` runs once the input is checked, before the content is rendered and stored.
 */
export async function createBlogFrom(
  ctx: BlogContext,
  input: BlogInput,
  authorId: number,
  placement: { slug: string; status: BlogStatus; blogType: BlogType; publishedAt?: Date },
  beforeWrite?: () => Promise<void>,
): Promise<Blog> {
  const fields = blogFields(input, true);
  const authorName = await byline(ctx, fields.authorName, authorId);
  await beforeWrite?.();
  return insertBlog(ctx, {
    ...fields,
    title: fields.title!,
    content: fields.content!,
    contentHtml: renderMarkdown(fields.content!),
    authorName,
    date: fields.date ?? new Date(new Date().toISOString().slice(0, 10)),
    authorId,
    ...placement,
  });
}

export function updateBlogRow(ctx: BlogContext, blog: Blog, data: Prisma.BlogUncheckedUpdateInput): Promise<Blog> {
  return ctx.db.blog.update({ where: { id: blog.id }, data });
}

/** A move of the workflow, written only if the post is still in one of `from` (a concurrent move wins, the other is a 400). */
export async function moveBlog(
  ctx: BlogContext,
  blog: Blog,
  move: { verb: string; done: string; from: readonly BlogStatus[]; data: Prisma.BlogUncheckedUpdateManyInput },
): Promise<Blog> {
  const refused = (status: BlogStatus) =>
    new BadRequestError(`Cannot ${move.verb} a blog in status ${status}: only ${move.from.join(" or ")} blogs can be ${move.done}`);
  if (!move.from.includes(blog.status)) throw refused(blog.status);
  const moved = await ctx.db.blog.updateMany({ where: { id: blog.id, status: { in: [...move.from] } }, data: move.data });
  const current = await ctx.db.blog.findUniqueOrThrow({ where: { id: blog.id } });
  if (moved.count === 0) throw refused(current.status);
  return current;
}

export async function removeBlog(ctx: BlogContext, blog: Blog): Promise<{ message: string; id: number; slug: string }> {
  await ctx.db.blog.deleteMany({ where: { id: blog.id } });
  return { message: "Blog deleted successfully", id: blog.id, slug: blog.slug };
}

/** Newest first, for every list but the review queue. */
export const NEWEST_FIRST: Prisma.BlogOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
export const RECENTLY_PUBLISHED: Prisma.BlogOrderByWithRelationInput[] = [{ publishedAt: "desc" }, { id: "desc" }];
