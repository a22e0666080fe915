import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getPublished } from "../../domain/reads.js";

export const blog: QueryResolvers["blog"] = (_p, { slug }, ctx) => getPublished(ctx, "SITE", slug);
