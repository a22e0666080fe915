import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Where new threads and replies, and threads resolved or reopened, are announced after they commit: `{ designId, kind, id }`. */
export const COMMENT_EVENTS = "comment-events";

/** Comment threads on designs and their replies, with mentions, followed live by the design's team. */
export default defineManifest({
  name: "comments",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4010,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.createCommentThread": { operation: "createThread", perMinute: 100 },
    "Mutation.createCommentReply": { operation: "createReplyV2", perMinute: 20 },
    "Mutation.createComment": { operation: "createComment", perMinute: 20 },
    "Mutation.createCommentOnThread": { operation: "createReply", perMinute: 20 },
    // Not operations of the platform's REST API: the limits of the closest ones (thread create, reply create).
    "Mutation.createSuggestionThread": { operation: "createSuggestionThread", perMinute: 100 },
    "Mutation.resolveCommentThread": { operation: "resolveCommentThread", perMinute: 20 },
    "Mutation.reopenCommentThread": { operation: "reopenCommentThread", perMinute: 20 },
    "Query.commentThread": { operation: "getThread", perMinute: 100 },
    "Query.commentReplies": { operation: "listReplies", perMinute: 100 },
    "Query.commentReply": { operation: "getReply", perMinute: 100 },
    // The twin of the subscription: each subscription's first read counts (its updates do not).
    "Query.designComments": { operation: "getDesignCommentActivity", perMinute: 100 },
  },
  subscriptions: [
    { field: "designComments", topic: COMMENT_EVENTS, match: { argument: "designId", eventKey: "designId" }, eventArgument: { argument: "activityId", eventKey: "id" } },
  ],
  codegen: {
    context: "../context.js#CommentsContext",
    mappers: {
      Thread: prismaModel("CommentThread"),
      Reply: prismaModel("CommentReply"),
      CommentMention: "../domain/messages.js#StoredMention",
      SuggestedEdit: "../domain/suggestions.js#SuggestedEdit as SuggestedEditData",
      CommentActivity: "../domain/events.js#CommentActivity as CommentActivityData",
      Design: "../domain/references.js#DesignKey",
      User: ENTITY_REFERENCE,
    },
  },
  settingDocs: [
    { names: ["COMMENT_THREADS_PER_DESIGN"], default: "`1000`", meaning: "most comment threads on one design (the documented limit); one more is refused (reason `COMMENT_LIMIT_REACHED`, 403 on REST)" },
    { names: ["COMMENT_REPLIES_PER_THREAD"], default: "`100`", meaning: "most replies in one thread (the documented limit); one more is refused (reason `REPLY_LIMIT_REACHED`, 403 on REST)" },
  ],
});
