// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";

let c: CommentPlatform;
const http = () => c.t.http;

const THREAD = `id designId content { plaintext } mentions { tag userId teamId user { id displayName } } author { id displayName } assignee { id } createdAt`;

async function graph(query: string, variables: Record<string, unknown>, token = c.commenter) {
  const response = await http().graphql(query, variables, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data;
}

const CREATE_THREAD = `mutation($designId: ID!, $message: String!, $assigneeId: ID) {
  createCommentThread(designId: $designId, messagePlaintext: $message, assigneeId: $assigneeId) { ${THREAD} } }`;
const CREATE_REPLY = `mutation($designId: ID!, $threadId: ID!, $message: String!) {
  createCommentReply(designId: $designId, threadId: $threadId, messagePlaintext: $message) { id threadId content { plaintext } author { displayName } } }`;

before(async () => {
  c = await startCommentPlatform();
});
after(() => c.t.stop());

describe("comments in the graph", () => {
  test("threads and replies through the gateway: mutations, queries, and the design's comments with federated authors", async () => {
    const tag = `U${c.p.otherClient.userId}:${c.teamId}`;
    const { createCommentThread: thread } = await graph(CREATE_THREAD, { designId: c.designId, message: `Hi [${tag}]`, assigneeId: `U${c.p.otherClient.userId}` });
    assert.deepEqual(thread.mentions, [{ tag, userId: `U${c.p.otherClient.userId}`, teamId: c.teamId, user: { id: c.p.otherClient.userId, displayName: "Otto Other" } }]);
    assert.deepEqual(thread.author, { id: c.p.client.userId, displayName: "Cleo Client" });
    assert.deepEqual(thread.assignee, { id: c.p.otherClient.userId });
    const { createCommentReply: reply } = await graph(CREATE_REPLY, { designId: c.designId, threadId: thread.id, message: "On it" }, c.teammateCommenter);
    assert.deepEqual([reply.threadId, reply.author.displayName], [thread.id, "Otto Other"]);

    const read = await graph(
      `query($d: ID!, $t: ID!, $r: ID!) { commentThread(designId: $d, threadId: $t) { id } commentReply(designId: $d, threadId: $t, replyId: $r) { id }
        commentReplies(designId: $d, threadId: $t, limit: 10) { items { id } continuation } }`,
      { d: c.designId, t: thread.id, r: reply.id },
    );
    assert.deepEqual(read, { commentThread: { id: thread.id }, commentReply: { id: reply.id }, commentReplies: { items: [{ id: reply.id }], continuation: null } });

    await graph(CREATE_THREAD, { designId: c.designId, message: "second" });
    const { design } = await graph(
      `query($id: ID!) { design(id: $id) { title comments(limit: 1) { items { id author { displayName } } continuation } } }`,
      { id: c.designId },
    );
    assert.equal(design.title, "Commented");
    assert.deepEqual(design.comments.items, [{ id: thread.id, author: { displayName: "Cleo Client" } }]);
    const next = await graph(`query($id: ID!, $c: String) { design(id: $id) { comments(limit: 1, continuation: $c) { items { content { plaintext } } } } }`, {
      id: c.designId,
      c: design.comments.continuation,
    });
    assert.deepEqual(next.design.comments.items, [{ content: { plaintext: "second" } }]);
  });

  test("errors say what is missing in the domain's words; another team's thread is not readable through the graph either", async () => {
    const theirs = (await graph(CREATE_THREAD, { designId: c.outsiderDesignId, message: "theirs" }, c.outsiderCommenter)).createCommentThread;
    const response = await http().graphql(`query($d: ID!, $t: ID!) { commentThread(designId: $d, threadId: $t) { id } }`, { d: c.outsiderDesignId, t: theirs.id }, c.commenter);
    assert.equal(response.body.errors?.[0]?.extensions.code, "FORBIDDEN", response.text);
    const missing = await http().graphql(`query($d: ID!, $t: ID!) { commentThread(designId: $d, threadId: $t) { id } }`, { d: c.designId, t: theirs.id }, c.commenter);
    assert.deepEqual([missing.body.errors?.[0]?.extensions.code, missing.body.errors?.[0]?.extensions.entity], ["NOT_FOUND", "thread"], missing.text);
  });
});

const FOLLOW = `subscription($designId: ID!) { designComments(designId: $designId) { designId thread { id content { plaintext } author { displayName } } reply { id threadId content { plaintext } } } }`;

describe("live comments over graphql-ws through the gateway", () => {
  test("a member of the design's team sees the newest activity, then each thread and reply a teammate creates", async () => {
    const create = await http().post("/v1/designs", { design_type: { type: "preset", name: "doc" } }, { token: c.commenter });
    const designId = create.body.design.id;
    const client = wsClient(http().baseUrl, c.commenter);
    const followed = follow(client, FOLLOW, { designId });
    await followed.received(1);
    assert.deepEqual(followed.results[0].data.designComments, { designId, thread: null, reply: null });

    const { createCommentThread: thread } = await graph(CREATE_THREAD, { designId, message: "live thread" }, c.teammateCommenter);
    await followed.received(2);
    assert.deepEqual(followed.results[1].data.designComments, { designId, thread: { id: thread.id, content: { plaintext: "live thread" }, author: { displayName: "Otto Other" } }, reply: null });

    const { createCommentReply: reply } = await graph(CREATE_REPLY, { designId, threadId: thread.id, message: "live reply" }, c.teammateCommenter);
    await followed.received(3);
    assert.deepEqual(followed.results[2].data.designComments, { designId, thread: null, reply: { id: reply.id, threadId: thread.id, content: { plaintext: "live reply" } } });
    followed.stop();
    await client.dispose();
  });

  test("comments created at the same moment arrive as separate messages, each exactly its comment", async () => {
    const create = await http().post("/v1/designs", { design_type: { type: "preset", name: "doc" } }, { token: c.commenter });
    const designId = create.body.design.id;
    const client = wsClient(http().baseUrl, c.commenter);
    const followed = follow(client, FOLLOW, { designId });
    await followed.received(1);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_v, i) => graph(CREATE_THREAD, { designId, message: `burst ${i}` }, i % 2 ? c.teammateCommenter : c.commenter)),
    );
    await followed.received(7);
    const seen = followed.results.slice(1).map((result) => result.data.designComments.thread.id).sort();
    assert.deepEqual(seen, burst.map((created) => created.createCommentThread.id).sort(), "every thread once, none twice");
    followed.stop();
    await client.dispose();
  });

  test("someone of another team cannot follow the design's comments", async () => {
    const stranger = wsClient(http().baseUrl, c.outsiderCommenter);
    const refused = follow(stranger, FOLLOW, { designId: c.designId });
    await refused.ended;
    await stranger.dispose();
    assert.equal(refused.results[0]?.errors?.[0]?.extensions?.code, "FORBIDDEN", JSON.stringify(refused.results));
    assert.equal(refused.results[0]?.data, null);
  });
});
