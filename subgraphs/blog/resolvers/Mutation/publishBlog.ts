import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { publishSiteBlog } from "../../domain/site-blogs.js";

export const publishBlog: MutationResolvers["publishBlog"] = (_p, { slug }, ctx) => publishSiteBlog(ctx, slug);
