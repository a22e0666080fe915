import { designUserId } from "../../../lib/auth/design-principal.js";
import type { CommentMentionResolvers } from "../__generated__/resolvers-types.js";
import { mentionTag } from "../domain/messages.js";

export const CommentMention: CommentMentionResolvers = {
  tag: (mention) => mentionTag(mention),
  userId: (mention) => designUserId(mention.userId),
  user: (mention) => ({ id: mention.userId }),
};
