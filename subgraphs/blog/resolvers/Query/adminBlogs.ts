import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listSiteBlogsForStaff } from "../../domain/site-blogs.js";

export const adminBlogs: QueryResolvers["adminBlogs"] = (_p, filter, ctx) => listSiteBlogsForStaff(ctx, filter);
