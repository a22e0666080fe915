import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateCommunityBlog as update } from "../../domain/community.js";

export const updateCommunityBlog: MutationResolvers["updateCommunityBlog"] = (_p, { slug, input }, ctx) => update(ctx, slug, input);
