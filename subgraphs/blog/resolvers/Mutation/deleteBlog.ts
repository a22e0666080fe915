import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteSiteBlog } from "../../domain/site-blogs.js";

export const deleteBlog: MutationResolvers["deleteBlog"] = (_p, { slug }, ctx) => deleteSiteBlog(ctx, slug);
