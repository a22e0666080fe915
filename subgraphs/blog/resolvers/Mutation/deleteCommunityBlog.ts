import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteCommunityBlog as remove } from "../../domain/community.js";

export const deleteCommunityBlog: MutationResolvers["deleteCommunityBlog"] = (_p, { slug }, ctx) => remove(ctx, slug);
