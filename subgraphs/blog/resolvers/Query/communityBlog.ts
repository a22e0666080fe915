import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getPublished } from "../../domain/reads.js";

export const communityBlog: QueryResolvers["communityBlog"] = (_p, { slug }, ctx) => getPublished(ctx, "USER", slug);
