import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { reviewSiteBlog } from "../../domain/site-blogs.js";

export const reviewBlog: MutationResolvers["reviewBlog"] = (_p, { slug, action, notes }, ctx) => reviewSiteBlog(ctx, slug, action, notes);
