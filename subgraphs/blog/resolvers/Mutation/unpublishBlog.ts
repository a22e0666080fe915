import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { unpublishSiteBlog } from "../../domain/site-blogs.js";

export const unpublishBlog: MutationResolvers["unpublishBlog"] = (_p, { slug }, ctx) => unpublishSiteBlog(ctx, slug);
