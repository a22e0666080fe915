import type { Blog, BlogStatus } from "../../../generated/prisma/client.js";
import { ForbiddenError, ValidationError } from "../../../lib/errors.js";
import { parseId } from "../../../lib/validation.js";
import type { BlogInput } from "../__generated__/resolvers-types.js";
import type { BlogContext } from "../context.js";
import { isAdmin, loadSiteBlog, requireAdmin, requireManager, requireStaffMember } from "./access.js";
import { createBlogFrom, moveBlog, NEWEST_FIRST, removeBlog, updateBlogRow, withHtml } from "./store.js";
import { blogFields, newSlug, page, reviewNotes } from "./validation.js";

/** STAFF and ADMIN write official posts; each starts as a DRAFT. */
export async function createSiteBlog(ctx: BlogContext, input: BlogInput): Promise<Blog> {
  const principal = requireStaffMember(ctx);
  return createBlogFrom(ctx, input, principal.userId, { slug: newSlug(input.slug), status: "DRAFT", blogType: "SITE" });
}

const STAFF_EDITABLE: readonly BlogStatus[] = ["DRAFT", "REJECTED"];

/** STAFF edit their own post while DRAFT or REJECTED; ADMIN edit any official post. The slug stays. */
export async function updateSiteBlog(ctx: BlogContext, slug: string, input: BlogInput): Promise<Blog> {
  const principal = requireStaffMember(ctx);
  const fields = blogFields(input, false);
  const blog = await loadSiteBlog(ctx, slug);
  requireManager(principal, blog);
  if (isAdmin(principal)) return updateBlogRow(ctx, blog, withHtml(fields));
  return moveBlog(ctx, blog, { verb: "edit", done: "edited by staff", from: STAFF_EDITABLE, data: withHtml(fields) });
}

/** DRAFT or REJECTED → PENDING_REVIEW; STAFF their own posts, ADMIN any. Earlier review notes stay for the reviewer. */
export async function submitSiteBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  const principal = requireStaffMember(ctx);
  const blog = await loadSiteBlog(ctx, slug);
  requireManager(principal, blog);
  return moveBlog(ctx, blog, { verb: "submit", done: "submitted", from: ["DRAFT", "REJECTED"], data: { status: "PENDING_REVIEW" } });
}

const REVIEW_OUTCOMES = { approve: "APPROVED", reject: "REJECTED", request_changes: "DRAFT" } as const satisfies Record<string, BlogStatus>;

/** ADMIN decides on a PENDING_REVIEW post: approve → APPROVED, reject → REJECTED, request_changes → DRAFT. */
export async function reviewSiteBlog(ctx: BlogContext, slug: string, action: string, notes: string | null | undefined): Promise<Blog> {
  const principal = requireAdmin(ctx);
  if (!Object.hasOwn(REVIEW_OUTCOMES, action)) {
    throw new ValidationError("action", "Invalid action. Must be 'approve', 'reject' or 'request_changes'");
  }
  const status = REVIEW_OUTCOMES[action as keyof typeof REVIEW_OUTCOMES];
  const checkedNotes = reviewNotes(notes, action !== "approve");
  const blog = await loadSiteBlog(ctx, slug);
  return moveBlog(ctx, blog, {
    verb: "review",
    done: "reviewed",
    from: ["PENDING_REVIEW"],
    data: { status, reviewedById: principal.userId, reviewedAt: new Date(), reviewNotes: checkedNotes },
  });
}

/** ADMIN: APPROVED, or DRAFT skipping review, → PUBLISHED. */
export async function publishSiteBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  requireAdmin(ctx);
  const blog = await loadSiteBlog(ctx, slug);
  return moveBlog(ctx, blog, { verb: "publish", done: "published", from: ["APPROVED", "DRAFT"], data: { status: "PUBLISHED", publishedAt: new Date() } });
}

/** ADMIN: PUBLISHED → ARCHIVED. */
export async function unpublishSiteBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  requireAdmin(ctx);
  const blog = await loadSiteBlog(ctx, slug);
  return moveBlog(ctx, blog, { verb: "unpublish", done: "unpublished", from: ["PUBLISHED"], data: { status: "ARCHIVED" } });
}

export async function deleteSiteBlog(ctx: BlogContext, slug: string) {
  requireAdmin(ctx);
  return removeBlog(ctx, await loadSiteBlog(ctx, slug));
}

/** Official posts: STAFF their own (an `authorId` other than their own is refused), ADMIN all or one author's. */
export async function listSiteBlogsForStaff(
  ctx: BlogContext,
  filter: { status?: BlogStatus | null; authorId?: string | number | null; limit?: number | null; offset?: number | null },
): Promise<Blog[]> {
  const principal = requireStaffMember(ctx);
  const wanted = filter.authorId === undefined || filter.authorId === null ? undefined : parseId(filter.authorId, "authorId", "Invalid author ID");
  if (!isAdmin(principal) && wanted !== undefined && wanted !== principal.userId) {
    throw new ForbiddenError("Forbidden: staff see only their own blogs");
  }
  const authorId = isAdmin(principal) ? wanted : principal.userId;
  return ctx.db.blog.findMany({
    where: { blogType: "SITE", ...(filter.status ? { status: filter.status } : {}), ...(authorId ? { authorId } : {}) },
    orderBy: NEWEST_FIRST,
    ...page(filter.limit, filter.offset),
  });
}

/** ADMIN: the review queue, oldest first. */
export async function listPendingSiteBlogs(ctx: BlogContext, limit?: number | null, offset?: number | null): Promise<Blog[]> {
  requireAdmin(ctx);
  return ctx.db.blog.findMany({ where: { blogType: "SITE", status: "PENDING_REVIEW" }, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], ...page(limit, offset) });
}
