import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { readThread } from "../../domain/threads.js";

export const commentThread: QueryResolvers["commentThread"] = (_p, { designId, threadId }, ctx) =>
  readThread(ctx, requireDesignPrincipal(ctx.auth), designId, threadId);
