import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { commentThread } from "./Query/commentThread.js";
import { commentReplies } from "./Query/commentReplies.js";
import { commentReply } from "./Query/commentReply.js";
import { designComments } from "./Query/designComments.js";
import { createCommentThread } from "./Mutation/createCommentThread.js";
import { createCommentReply } from "./Mutation/createCommentReply.js";
import { createComment } from "./Mutation/createComment.js";
import { createCommentOnThread } from "./Mutation/createCommentOnThread.js";
import { createSuggestionThread } from "./Mutation/createSuggestionThread.js";
import { reopenCommentThread } from "./Mutation/reopenCommentThread.js";
import { resolveCommentThread } from "./Mutation/resolveCommentThread.js";
import { CommentMention } from "./CommentMention.js";
import { Design } from "./Design.js";
import { Reply } from "./Reply.js";
import { Thread } from "./Thread.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { commentThread, commentReplies, commentReply, designComments },
  Mutation: { createCommentThread, createCommentReply, createComment, createCommentOnThread, createSuggestionThread, resolveCommentThread, reopenCommentThread },
  CommentMention,
  Design,
  Reply,
  Thread,
  User,
};
