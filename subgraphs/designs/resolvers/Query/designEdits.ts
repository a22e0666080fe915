import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { editsSince } from "../../domain/editing/history.js";

export const designEdits: QueryResolvers["designEdits"] = (_p, { designId, sinceVersion, limit }, ctx) =>
  editsSince(ctx, requireDesignPrincipal(ctx.auth), designId, sinceVersion, limit ?? undefined);
