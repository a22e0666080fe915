import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { DesignResolvers } from "../__generated__/resolvers-types.js";
import { listThreads } from "../domain/threads.js";

export const Design: DesignResolvers = {
  __resolveReference: (reference) => ({ id: reference.id }),
  comments: (design, args, ctx) => listThreads(ctx, requireDesignPrincipal(ctx.auth), design.id, args),
};
