import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listPublished } from "../../domain/reads.js";

export const blogs: QueryResolvers["blogs"] = (_p, { limit, offset }, ctx) => listPublished(ctx, "SITE", limit, offset);
