import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { adminDeleteCommunityBlog as remove } from "../../domain/community.js";

export const adminDeleteCommunityBlog: MutationResolvers["adminDeleteCommunityBlog"] = (_p, { slug }, ctx) => remove(ctx, slug);
