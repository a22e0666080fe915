import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { reference } from "../../../lib/graphql/entity-reference.js";
import type { ThreadResolvers } from "../__generated__/resolvers-types.js";
import { suggestedEditsOf } from "../domain/suggestions.js";
import { commentFields } from "./comment-fields.js";

export const Thread: ThreadResolvers = {
  /** Only members of the thread's design's team see it. */
  __resolveReference: async (key, ctx) => {
    const principal = requireDesignPrincipal(ctx.auth, ["comment:read"]);
    const thread = await ctx.loaders.threadById.load(key.id);
    return thread && (await ctx.loaders.designTeamById.load(thread.designId)) === principal.teamId ? thread : null;
  },
  ...commentFields,
  content: (thread) => (thread.kind === "comment" ? commentFields.content(thread) : null),
  suggestion: (thread) => (thread.kind === "suggestion" ? { suggestedEdits: suggestedEditsOf(thread), status: thread.suggestionStatus ?? "open" } : null),
  assignee: (thread) => reference(thread.assigneeId),
  resolver: (thread) => reference(thread.resolverId),
  resolved: (thread) => thread.resolverId !== null,
};
