import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createSuggestion } from "../../domain/suggestions.js";

export const createSuggestionThread: MutationResolvers["createSuggestionThread"] = (_p, { designId, suggestedEdits }, ctx) =>
  createSuggestion(ctx, requireDesignPrincipal(ctx.auth), designId, suggestedEdits);
