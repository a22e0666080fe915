import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listCommunityBlogsForAdmin } from "../../domain/community.js";

export const adminCommunityBlogs: QueryResolvers["adminCommunityBlogs"] = (_p, { status, limit, offset }, ctx) =>
  listCommunityBlogsForAdmin(ctx, status, limit, offset);
