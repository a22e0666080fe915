import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listPendingSiteBlogs } from "../../domain/site-blogs.js";

export const pendingBlogs: QueryResolvers["pendingBlogs"] = (_p, { limit, offset }, ctx) => listPendingSiteBlogs(ctx, limit, offset);
