import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setCommunityBlogVerified } from "../../domain/community.js";

export const unverifyCommunityBlog: MutationResolvers["unverifyCommunityBlog"] = (_p, { slug }, ctx) => setCommunityBlogVerified(ctx, slug, false);
