import { reference } from "../../../lib/graphql/entity-reference.js";
import type { BlogResolvers } from "../__generated__/resolvers-types.js";
import { canRead } from "../domain/access.js";

export const Blog: BlogResolvers = {
  __resolveReference: async (ref, ctx) => {
    const blog = await ctx.loaders.blogById.load(ref.id);
    return blog && canRead(ctx, blog) ? blog : null;
  },
  author: (blog) => reference(blog.authorId),
  verifiedBy: (blog) => reference(blog.verifiedById),
  reviewedBy: (blog) => reference(blog.reviewedById),
  promotedBy: (blog) => reference(blog.promotedById),
};
