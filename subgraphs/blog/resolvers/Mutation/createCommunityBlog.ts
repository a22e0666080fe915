import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createCommunityBlog as create } from "../../domain/community.js";

export const createCommunityBlog: MutationResolvers["createCommunityBlog"] = (_p, { input }, ctx) => create(ctx, input);
