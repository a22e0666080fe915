import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateSiteBlog } from "../../domain/site-blogs.js";

export const updateBlog: MutationResolvers["updateBlog"] = (_p, { slug, input }, ctx) => updateSiteBlog(ctx, slug, input);
