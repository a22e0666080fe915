import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { promoteCommunityBlog as promote } from "../../domain/community.js";

export const promoteCommunityBlog: MutationResolvers["promoteCommunityBlog"] = (_p, { slug }, ctx) => promote(ctx, slug);
