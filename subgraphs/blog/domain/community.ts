import type { Blog, BlogStatus } from "../../../generated/prisma/client.js";
import { BadRequestError, ForbiddenError } from "../../../lib/errors.js";
import type { BlogInput } from "../__generated__/resolvers-types.js";
import type { BlogContext } from "../context.js";
import { loadCommunityBlog, requireAdmin, requirePrincipal } from "./access.js";
import { createBlogFrom, moveBlog, NEWEST_FIRST, removeBlog, updateBlogRow, withHtml } from "./store.js";
import { blogFields, communitySlug, newSlug, page } from "./validation.js";

const UNVERIFIED = { verified: false, verifiedById: null, verifiedAt: null } as const;

/**
 * Counts a community write (a create or an edit that passed its checks) by `userId` against
 * BLOG_COMMUNITY_WRITES_PER_HOUR: past it a 429 with Retry-After, and nothing is rendered or stored.
 */
function countWrite(ctx: BlogContext, userId: number): Promise<void> {
  return ctx.communityWrites.consume(String(userId));
}

/** Any signed-in user: a community post, PUBLISHED at once, under `community-<slug>`. */
export async function createCommunityBlog(ctx: BlogContext, input: BlogInput): Promise<Blog> {
  const principal = requirePrincipal(ctx.auth);
  const slug = communitySlug(newSlug(input.slug));
  const placement = { slug, status: "PUBLISHED", blogType: "USER", publishedAt: new Date() } as const;
  return createBlogFrom(ctx, input, principal.userId, placement, () => countWrite(ctx, principal.userId));
}

/** The author's own post; anyone else, ADMIN included, is refused (ADMIN moderates through the admin paths). */
async function loadOwnCommunityBlog(ctx: BlogContext, slug: string, verb: string): Promise<Blog> {
  const principal = requirePrincipal(ctx.auth);
  const blog = await loadCommunityBlog(ctx, slug);
  if (blog.authorId !== principal.userId) throw new ForbiddenError(`Forbidden: you can only ${verb} your own blogs`);
  return blog;
}

/** The author's edit; a changed title or content withdraws the verification (an ADMIN verifies again). */
export async function updateCommunityBlog(ctx: BlogContext, slug: string, input: BlogInput): Promise<Blog> {
  const principal = requirePrincipal(ctx.auth);
  const fields = blogFields(input, false);
  const blog = await loadOwnCommunityBlog(ctx, slug, "edit");
  await countWrite(ctx, principal.userId);
  const rewritten = (fields.title !== undefined && fields.title !== blog.title) || (fields.content !== undefined && fields.content !== blog.content);
  return updateBlogRow(ctx, blog, { ...withHtml(fields), ...(rewritten ? UNVERIFIED : {}) });
}

export async function deleteCommunityBlog(ctx: BlogContext, slug: string) {
  return removeBlog(ctx, await loadOwnCommunityBlog(ctx, slug, "delete"));
}

/** The caller's community posts, every status. */
export function listMyCommunityBlogs(ctx: BlogContext, limit?: number | null, offset?: number | null): Promise<Blog[]> {
  const principal = requirePrincipal(ctx.auth);
  return ctx.db.blog.findMany({ where: { blogType: "USER", authorId: principal.userId }, orderBy: NEWEST_FIRST, ...page(limit, offset) });
}

/** ADMIN: every community post, or those in one status. */
export function listCommunityBlogsForAdmin(ctx: BlogContext, status?: BlogStatus | null, limit?: number | null, offset?: number | null): Promise<Blog[]> {
  requireAdmin(ctx);
  return ctx.db.blog.findMany({ where: { blogType: "USER", ...(status ? { status } : {}) }, orderBy: NEWEST_FIRST, ...page(limit, offset) });
}

export async function setCommunityBlogVerified(ctx: BlogContext, slug: string, verified: boolean): Promise<Blog> {
  const principal = requireAdmin(ctx);
  const blog = await loadCommunityBlog(ctx, slug);
  return updateBlogRow(ctx, blog, verified ? { verified, verifiedById: principal.userId, verifiedAt: new Date() } : UNVERIFIED);
}

/** ADMIN: the post becomes official (SITE), keeping its status and slug. */
export async function promoteCommunityBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  const principal = requireAdmin(ctx);
  const blog = await loadCommunityBlog(ctx, slug);
  return updateBlogRow(ctx, blog, { blogType: "SITE", promotedAt: new Date(), promotedById: principal.userId });
}

/** ADMIN: hidden from the public; the author still sees it in their own list. */
export async function archiveCommunityBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  requireAdmin(ctx);
  const blog = await loadCommunityBlog(ctx, slug);
  if (blog.status === "ARCHIVED") throw new BadRequestError("Blog is already archived");
  const from = ["DRAFT", "PENDING_REVIEW", "APPROVED", "PUBLISHED", "REJECTED"] as const;
  return moveBlog(ctx, blog, { verb: "archive", done: "archived", from, data: { status: "ARCHIVED" } });
}

export async function adminDeleteCommunityBlog(ctx: BlogContext, slug: string) {
  requireAdmin(ctx);
  return removeBlog(ctx, await loadCommunityBlog(ctx, slug));
}
