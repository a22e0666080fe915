import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { setCommunityBlogVerified } from "../../domain/community.js";

export const verifyCommunityBlog: MutationResolvers["verifyCommunityBlog"] = (_p, { slug }, ctx) => setCommunityBlogVerified(ctx, slug, true);
