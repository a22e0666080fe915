import type { CommentReply, CommentThread } from "../../../generated/prisma/client.js";
import { reference } from "../../../lib/graphql/entity-reference.js";
import { mentionsOf } from "../domain/messages.js";

/** The fields threads and replies share: the message as content, its mentions and the author. */
export const commentFields = {
  content: (comment: CommentThread | CommentReply) => ({ plaintext: comment.message, markdown: null }),
  mentions: (comment: CommentThread | CommentReply) => mentionsOf(comment),
  author: (comment: CommentThread | CommentReply) => reference(comment.authorId),
};
