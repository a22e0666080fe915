import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { archiveCommunityBlog as archive } from "../../domain/community.js";

export const archiveCommunityBlog: MutationResolvers["archiveCommunityBlog"] = (_p, { slug }, ctx) => archive(ctx, slug);
