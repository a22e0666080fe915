import type { Blog, BlogType } from "../../../generated/prisma/client.js";
import { NotFoundError } from "../../../lib/errors.js";
import type { BlogContext } from "../context.js";
import { findBySlug } from "./access.js";
import { RECENTLY_PUBLISHED } from "./store.js";
import { communitySlug, page } from "./validation.js";

/** What anyone may read: PUBLISHED posts of one type, most recently published first. */
export function listPublished(ctx: BlogContext, blogType: BlogType, limit?: number | null, offset?: number | null): Promise<Blog[]> {
  return ctx.db.blog.findMany({ where: { blogType, status: "PUBLISHED" }, orderBy: RECENTLY_PUBLISHED, ...page(limit, offset) });
}

/** One PUBLISHED post of that type; anything else (missing, unpublished, archived, the other type) is a 404. */
export async function getPublished(ctx: BlogContext, blogType: BlogType, slug: string): Promise<Blog> {
  const blog = await findBySlug(ctx, blogType === "USER" ? communitySlug(slug) : slug);
  if (!blog || blog.blogType !== blogType || blog.status !== "PUBLISHED") throw new NotFoundError("Blog not found");
  return blog;
}
