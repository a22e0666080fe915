import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { leaveDesignEditor as leave } from "../../domain/editing/presence.js";

export const leaveDesignEditor: MutationResolvers["leaveDesignEditor"] = (_p, { designId, sessionId }, ctx) => leave(ctx, requireDesignPrincipal(ctx.auth), { designId, sessionId });
