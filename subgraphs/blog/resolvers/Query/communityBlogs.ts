import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listPublished } from "../../domain/reads.js";

export const communityBlogs: QueryResolvers["communityBlogs"] = (_p, { limit, offset }, ctx) => listPublished(ctx, "USER", limit, offset);
