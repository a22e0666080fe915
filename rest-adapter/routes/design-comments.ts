import { designUserId } from "../../lib/auth/design-principal.js";
import { pick, type RestRequest, type RestServicePart } from "../route-table.js";
import { seconds, type Json } from "../helpers/design-bodies.js";
import { integerParam, textParam } from "../helpers/design-requests.js";

const USER = `id displayName`;
const COMMENT = `id designId content { plaintext markdown } mentions { tag userId teamId user { displayName } } author { ${USER} } createdAt updatedAt`;
const THREAD = `${COMMENT} kind suggestion { suggestedEdits { type text format } status } assignee { ${USER} } resolver { ${USER} }`;
const REPLY = `${COMMENT} threadId`;

type Mention = { tag: string; userId: string; teamId: string; user: { displayName: string } };

/** A user as comments show one: `{ id, display_name }` (absent when there is none). */
function userBody(user: Json | null): Json | undefined {
  return user ? { id: designUserId(user.id as number), display_name: user.displayName } : undefined;
}

const mentionUser = (mention: Mention) => ({ user_id: mention.userId, team_id: mention.teamId, display_name: mention.user.displayName });

/** `{ "user_id:team_id": { tag, user } }` (current API). */
function mentionsBody(mentions: Mention[]): Json {
  return Object.fromEntries(mentions.map((mention) => [mention.tag, { tag: mention.tag, user: mentionUser(mention) }]));
}

/** `{ "user_id:team_id": { user_id, team_id, display_name } }` (deprecated API). */
function deprecatedMentionsBody(mentions: Mention[]): Json {
  return Object.fromEntries(mentions.map((mention) => [mention.tag, mentionUser(mention)]));
}

/** The object without members that are undefined (absent in the platform's JSON). */
const present = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

function contentBody(comment: Json): Json {
  const content = comment.content as Json;
  return present({ plaintext: content.plaintext, markdown: content.markdown ?? undefined });
}

const times = (comment: Json) => ({ created_at: seconds(comment.createdAt), updated_at: seconds(comment.updatedAt) });

/** The documented ThreadType: a comment (message, mentions, assignee, resolver) or a suggestion (edits, status). */
function threadTypeBody(thread: Json): Json {
  if (thread.kind === "suggestion") {
    const suggestion = thread.suggestion as { suggestedEdits: Json[]; status: string };
    return { type: "suggestion", suggested_edits: suggestion.suggestedEdits.map((edit) => present({ type: edit.type, text: edit.text ?? undefined, format: edit.format ?? undefined })), status: suggestion.status };
  }
  return present({
    type: "comment",
    content: contentBody(thread),
    mentions: mentionsBody(thread.mentions as Mention[]),
    assignee: userBody(thread.assignee as Json | null),
    resolver: userBody(thread.resolver as Json | null),
  });
}

/** The documented Thread. */
function threadBody(thread: Json): Json {
  return present({ id: thread.id, design_id: thread.designId, thread_type: threadTypeBody(thread), author: userBody(thread.author as Json | null), ...times(thread) });
}

/** The documented Reply. */
function replyBody(reply: Json): Json {
  return present({
    id: reply.id,
    design_id: reply.designId,
    thread_id: reply.threadId,
    author: userBody(reply.author as Json | null),
    content: contentBody(reply),
    mentions: mentionsBody(reply.mentions as Mention[]),
    ...times(reply),
  });
}

/** The deprecated comment shapes: a parent comment is a thread, a reply comment a reply. */
function deprecatedCommentBody(comment: Json, type: "parent" | "reply"): Json {
  return present({
    type,
    id: comment.id,
    attached_to: { type: "design", design_id: comment.designId },
    message: (comment.content as Json).plaintext,
    author: userBody(comment.author as Json | null),
    ...times(comment),
    mentions: deprecatedMentionsBody(comment.mentions as Mention[]),
    ...(type === "parent" ? { assignee: userBody(comment.assignee as Json | null), resolver: userBody(comment.resolver as Json | null) } : { thread_id: comment.threadId }),
  });
}

/** `attached_to` as the operations' input declares it (a non-object is refused by the graph). */
function attachedTo({ body }: RestRequest): unknown {
  const value = body.attached_to;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const { type, design_id } = pick(value as Json, ["type", "design_id"]);
  return { type, designId: design_id };
}

/** Comment threads and replies of the design platform (preview), and the deprecated `/v1/comments` paths. */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/designs/:designId/comments",
      operation: `mutation($designId: ID!, $message: String!, $assigneeId: ID) {
        createCommentThread(designId: $designId, messagePlaintext: $message, assigneeId: $assigneeId) { ${THREAD} } }`,
      variables: ({ params, body }) => ({ designId: params.designId, message: body.message_plaintext, assigneeId: body.assignee_id }),
      body: (d) => ({ thread: threadBody(d.createCommentThread as Json) }),
    },
    {
      method: "GET",
      path: "/designs/:designId/comments/:threadId",
      errorCodes: { NOT_FOUND: "thread_not_found" },
      operation: `query($designId: ID!, $threadId: ID!) { commentThread(designId: $designId, threadId: $threadId) { ${THREAD} } }`,
      variables: ({ params }) => ({ designId: params.designId, threadId: params.threadId }),
      // The deprecated `comment` describes comment threads only.
      body: (d) => {
        const thread = d.commentThread as Json;
        return { thread: threadBody(thread), ...(thread.kind === "comment" ? { comment: deprecatedCommentBody(thread, "parent") } : {}) };
      },
    },
    {
      method: "POST",
      path: "/designs/:designId/comments/:threadId/replies",
      errorCodes: { NOT_FOUND: "design_not_found" },
      operation: `mutation($designId: ID!, $threadId: ID!, $message: String!) {
        createCommentReply(designId: $designId, threadId: $threadId, messagePlaintext: $message) { ${REPLY} } }`,
      variables: ({ params, body }) => ({ designId: params.designId, threadId: params.threadId, message: body.message_plaintext }),
      body: (d) => ({ reply: replyBody(d.createCommentReply as Json) }),
    },
    {
      method: "GET",
      path: "/designs/:designId/comments/:threadId/replies",
      errorCodes: { NOT_FOUND: "design_or_thread_not_found" },
      operation: `query($designId: ID!, $threadId: ID!, $limit: Int, $continuation: String) {
        commentReplies(designId: $designId, threadId: $threadId, limit: $limit, continuation: $continuation) { items { ${REPLY} } continuation } }`,
      variables: (request) => ({
        designId: request.params.designId,
        threadId: request.params.threadId,
        limit: integerParam(request, "limit"),
        continuation: textParam(request, "continuation"),
      }),
      body: (d) => {
        const list = d.commentReplies as { items: Json[]; continuation: string | null };
        return { items: list.items.map(replyBody), ...(list.continuation ? { continuation: list.continuation } : {}) };
      },
    },
    {
      method: "GET",
      path: "/designs/:designId/comments/:threadId/replies/:replyId",
      errorCodes: { NOT_FOUND: "reply_not_found" },
      operation: `query($designId: ID!, $threadId: ID!, $replyId: ID!) { commentReply(designId: $designId, threadId: $threadId, replyId: $replyId) { ${REPLY} } }`,
      variables: ({ params }) => ({ designId: params.designId, threadId: params.threadId, replyId: params.replyId }),
      body: (d) => ({ reply: replyBody(d.commentReply as Json) }),
    },
    {
      method: "POST",
      path: "/comments",
      operation: `mutation($attachedTo: CommentAttachment!, $message: String!, $assigneeId: ID) {
        createComment(attachedTo: $attachedTo, message: $message, assigneeId: $assigneeId) { ${THREAD} } }`,
      variables: (request) => ({ attachedTo: attachedTo(request), message: request.body.message, assigneeId: request.body.assignee_id }),
      body: (d) => ({ comment: deprecatedCommentBody(d.createComment as Json, "parent") }),
    },
    {
      method: "POST",
      path: "/comments/:commentId/replies",
      errorCodes: { NOT_FOUND: "design_not_found" },
      operation: `mutation($attachedTo: CommentAttachment!, $commentId: ID!, $message: String!) {
        createCommentOnThread(attachedTo: $attachedTo, commentId: $commentId, message: $message) { ${REPLY} } }`,
      variables: (request) => ({ attachedTo: attachedTo(request), commentId: request.params.commentId, message: request.body.message }),
      body: (d) => ({ comment: deprecatedCommentBody(d.createCommentOnThread as Json, "reply") }),
    },
  ],
} satisfies RestServicePart;
