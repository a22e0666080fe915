import type { Blog } from "../../../generated/prisma/client.js";
import { hasRole } from "../../../lib/auth/business-token.js";
import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import { isStaff, requirePrincipal, requireStaff } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import type { BlogContext } from "../context.js";
import { communitySlug, MAX_STORED_SLUG, SLUG_PATTERN } from "./validation.js";

export { isStaff, requirePrincipal };

/** ADMIN (and SUPERUSER) review, publish and moderate. */
export function isAdmin(principal: BusinessPrincipal): boolean {
  return hasRole(principal.roles, "ADMIN");
}

export function requireAdmin(ctx: BlogContext): BusinessPrincipal {
  const principal = requirePrincipal(ctx.auth);
  if (!isAdmin(principal)) throw new ForbiddenError("Insufficient permissions");
  return principal;
}

export function requireStaffMember(ctx: BlogContext): BusinessPrincipal {
  return requireStaff(ctx.auth);
}

/** The post stored under `slug`, or null (a slug no post could have is not looked up). */
export async function findBySlug(ctx: BlogContext, slug: string): Promise<Blog | null> {
  if (slug.length > MAX_STORED_SLUG || !SLUG_PATTERN.test(slug)) return null;
  return ctx.db.blog.findUnique({ where: { slug } });
}

/** An official post by slug; a community post is not one (404). */
export async function loadSiteBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  const blog = await findBySlug(ctx, slug);
  if (!blog || blog.blogType !== "SITE") throw new NotFoundError("Blog not found");
  return blog;
}

/** A community post by slug, with or without its `community-` prefix. */
export async function loadCommunityBlog(ctx: BlogContext, slug: string): Promise<Blog> {
  const blog = await findBySlug(ctx, communitySlug(slug));
  if (!blog || blog.blogType !== "USER") throw new NotFoundError("Blog not found");
  return blog;
}

/** STAFF manage their own official posts; ADMIN any. */
export function requireManager(principal: BusinessPrincipal, blog: Blog): void {
  if (!isAdmin(principal) && blog.authorId !== principal.userId) {
    throw new ForbiddenError("Forbidden: you can only manage your own blogs");
  }
}

/** Anyone reads a published post; its author, ADMIN, and staff (official posts) read the rest. */
export function canRead(ctx: BlogContext, blog: Blog): boolean {
  if (blog.status === "PUBLISHED") return true;
  if (ctx.auth.status !== "authenticated") return false;
  const principal = ctx.auth.principal;
  return blog.authorId === principal.userId || isAdmin(principal) || (blog.blogType === "SITE" && isStaff(principal));
}
