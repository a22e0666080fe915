// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";
import { answerOf, assertValid } from "../../../testing/current-spec.js";
import { createdSuggestion, resolvedThread } from "./comment-graph.js";

let c: CommentPlatform;
const http = () => c.t.http;
const THREAD_PATH = "/v1/designs/{designId}/comments/{threadId}";
const REPLIES_PATH = "/v1/designs/{designId}/comments/{threadId}/replies";

before(async () => {
  c = await startCommentPlatform();
});
after(() => c.t.stop());

describe("comment answers validate against the design platform's current specification", () => {
  test("a comment thread (mention, assignee, then resolved), its replies, one reply", async () => {
    const tag = `U${c.p.otherClient.userId}:${c.teamId}`;
    const created = await http().post(`/v1/designs/${c.designId}/comments`, { message_plaintext: `See [${tag}]`, assignee_id: `U${c.p.otherClient.userId}` }, { token: c.commenter });
    assert.equal(created.status, 200, created.text);
    assertValid(answerOf("post", "/v1/designs/{designId}/comments"), created.body, "createThread");
    const threadId = created.body.thread.id;

    const reply = await http().post(`/v1/designs/${c.designId}/comments/${threadId}/replies`, { message_plaintext: `Done [${tag}]` }, { token: c.teammateCommenter });
    assertValid(answerOf("post", REPLIES_PATH), reply.body, "createReply");
    await resolvedThread(http(), c.teammateCommenter, c.designId, threadId);

    const read = await http().get(`/v1/designs/${c.designId}/comments/${threadId}`, { token: c.commenter });
    assertValid(answerOf("get", THREAD_PATH), read.body, "getThread");
    assert.deepEqual(read.body.thread.thread_type.resolver, { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" });
    assert.deepEqual(read.body.comment.resolver, read.body.thread.thread_type.resolver);

    const listed = await http().get(`/v1/designs/${c.designId}/comments/${threadId}/replies`, { token: c.commenter });
    assertValid(answerOf("get", REPLIES_PATH), listed.body, "listReplies");
    const one = await http().get(`/v1/designs/${c.designId}/comments/${threadId}/replies/${reply.body.reply.id}`, { token: c.commenter });
    assertValid(answerOf("get", "/v1/designs/{designId}/comments/{threadId}/replies/{replyId}"), one.body, "getReply");
  });

  test("a suggestion thread: thread_type suggestion with its edits and status, no deprecated comment; replies to it", async () => {
    const edits = [{ type: "add", text: "fantastic" }, { type: "delete", text: "just" }, { type: "format", format: "font_style" }];
    const suggestion = await createdSuggestion(http(), c.commenter, c.designId, edits);
    const read = await http().get(`/v1/designs/${c.designId}/comments/${suggestion.id}`, { token: c.teammateCommenter });
    assert.equal(read.status, 200, read.text);
    assertValid(answerOf("get", THREAD_PATH), read.body, "getThread (suggestion)");
    assert.deepEqual(read.body.thread.thread_type, { type: "suggestion", suggested_edits: edits, status: "open" });
    assert.deepEqual(read.body.thread.author, { id: `U${c.p.client.userId}`, display_name: "Cleo Client" });
    assert.equal(read.body.comment, undefined);

    const reply = await http().post(`/v1/designs/${c.designId}/comments/${suggestion.id}/replies`, { message_plaintext: "Agreed" }, { token: c.teammateCommenter });
    assert.equal(reply.status, 200, reply.text);
    assertValid(answerOf("get", REPLIES_PATH), (await http().get(`/v1/designs/${c.designId}/comments/${suggestion.id}/replies`, { token: c.commenter })).body, "listReplies (suggestion)");
  });

  test("the check can fail: a suggestion without its edits, or a comment thread without its content, is not a Thread", async () => {
    const validate = answerOf("get", THREAD_PATH);
    const base = { id: "C1", design_id: "D1", created_at: 1, updated_at: 1 };
    assert.equal(validate({ thread: { ...base, thread_type: { type: "suggestion", suggested_edits: [], status: "open" } } }), false);
    assert.equal(validate({ thread: { ...base, thread_type: { type: "comment", mentions: {} } } }), false);
    assert.equal(validate({ thread: { ...base, thread_type: { type: "comment", content: { plaintext: "x" }, mentions: {} } } }), true);
  });
});
