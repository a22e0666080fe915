import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listMyCommunityBlogs } from "../../domain/community.js";

export const myCommunityBlogs: QueryResolvers["myCommunityBlogs"] = (_p, { limit, offset }, ctx) => listMyCommunityBlogs(ctx, limit, offset);
