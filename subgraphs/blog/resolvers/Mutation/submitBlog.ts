import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { submitSiteBlog } from "../../domain/site-blogs.js";

export const submitBlog: MutationResolvers["submitBlog"] = (_p, { slug }, ctx) => submitSiteBlog(ctx, slug);
