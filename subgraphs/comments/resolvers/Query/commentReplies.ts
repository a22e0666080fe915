import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listReplies } from "../../domain/replies.js";

export const commentReplies: QueryResolvers["commentReplies"] = (_p, { designId, threadId, ...page }, ctx) =>
  listReplies(ctx, requireDesignPrincipal(ctx.auth), designId, threadId, page);
