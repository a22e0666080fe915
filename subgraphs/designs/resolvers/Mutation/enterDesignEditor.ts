import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { enterDesignEditor as enter } from "../../domain/editing/presence.js";

export const enterDesignEditor: MutationResolvers["enterDesignEditor"] = (_p, { designId, sessionId }, ctx) => enter(ctx, requireDesignPrincipal(ctx.auth), { designId, sessionId });
