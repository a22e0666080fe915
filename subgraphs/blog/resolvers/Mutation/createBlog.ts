import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createSiteBlog } from "../../domain/site-blogs.js";

export const createBlog: MutationResolvers["createBlog"] = (_p, { input }, ctx) => createSiteBlog(ctx, input);
