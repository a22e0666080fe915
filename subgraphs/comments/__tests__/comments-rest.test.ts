// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { commentToken, startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";

let c: CommentPlatform;
const http = () => c.t.http;
const u = (person: { userId: number }) => `U${person.userId}`;

function postThread(designId: string, body: Record<string, unknown>, token = c.commenter) {
  return http().post(`/v1/designs/${designId}/comments`, body, { token });
}

function postReply(designId: string, threadId: string, body: Record<string, unknown>, token = c.commenter) {
  return http().post(`/v1/designs/${designId}/comments/${threadId}/replies`, body, { token });
}

async function newThread(message = "Looks good", token = c.commenter, designId = c.designId): Promise<any> {
  const created = await postThread(designId, { message_plaintext: message }, token);
  assert.equal(created.status, 200, created.text);
  return created.body.thread;
}

function assertError(response: { status: number; body: any; text: string }, status: number, code: string) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.code, code, response.text);
  assert.equal(typeof response.body.message, "string");
}

before(async () => {
  c = await startCommentPlatform();
});
after(() => c.t.stop());

describe("threads (current API)", () => {
  test("a thread with a mention and an assignee: the documented shape, read back with the deprecated comment beside it", async () => {
    const mention = `${u(c.p.otherClient)}:${c.teamId}`;
    const created = await postThread(c.designId, { message_plaintext: `Please check [${mention}]`, assignee_id: u(c.p.otherClient) });
    assert.equal(created.status, 200, created.text);
    const thread = created.body.thread;
    assert.match(thread.id, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.equal(thread.design_id, c.designId);
    const otto = { user_id: u(c.p.otherClient), team_id: c.teamId, display_name: "Otto Other" };
    assert.deepEqual(thread.thread_type, {
      type: "comment",
      content: { plaintext: `Please check [${mention}]` },
      mentions: { [mention]: { tag: mention, user: otto } },
      assignee: { id: u(c.p.otherClient), display_name: "Otto Other" },
    });
    assert.deepEqual(thread.author, { id: u(c.p.client), display_name: "Cleo Client" });
    assert.ok(Number.isInteger(thread.created_at) && Math.abs(thread.created_at - Date.now() / 1000) < 60);
    assert.equal(thread.updated_at, thread.created_at);

    const read = await http().get(`/v1/designs/${c.designId}/comments/${thread.id}`, { token: c.teammateCommenter });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.thread, thread);
    assert.deepEqual(read.body.comment, {
      type: "parent",
      id: thread.id,
      attached_to: { type: "design", design_id: c.designId },
      message: `Please check [${mention}]`,
      author: thread.author,
      created_at: thread.created_at,
      updated_at: thread.updated_at,
      mentions: { [mention]: otto },
      assignee: thread.thread_type.assignee,
    });
  });

  test("mentions resolve only to existing members of the design's team; an assignee not mentioned is 400 bad_request_body", async () => {
    const outsiderTag = `${u(c.p.staff)}:${c.outsiderTeamId}`;
    const wrongTeam = `${u(c.p.otherClient)}:${c.outsiderTeamId}`;
    const nobody = `U999999:${c.teamId}`;
    const thread = await newThread(`[${outsiderTag}] [${wrongTeam}] [${nobody}] [not-a-mention]`);
    assert.deepEqual(thread.thread_type.mentions, {});

    assertError(await postThread(c.designId, { message_plaintext: "no mention here", assignee_id: u(c.p.otherClient) }), 400, "bad_request_body");
    assertError(await postThread(c.designId, { message_plaintext: `[${outsiderTag}]`, assignee_id: u(c.p.staff) }), 400, "bad_request_body");
    assertError(await postThread(c.designId, { message_plaintext: "x", assignee_id: "not-a-user" }), 400, "bad_request_body");
  });

  test("messages: 2048 characters pass, 2049 are 400 message_too_long, empty or missing 400, a body past the body limit is 413", async () => {
    const longest = "é".repeat(2048);
    assert.equal((await newThread(longest)).thread_type.content.plaintext, longest);
    assertError(await postThread(c.designId, { message_plaintext: "a".repeat(2049) }), 400, "message_too_long");
    assertError(await postThread(c.designId, { message_plaintext: "" }), 400, "invalid_field");
    assertError(await postThread(c.designId, { message_plaintext: "   " }), 400, "invalid_field");
    assertError(await postThread(c.designId, {}), 400, "invalid_field");
    assertError(await postThread(c.designId, { message_plaintext: 42 }), 400, "invalid_field");
    assertError(await postThread(c.designId, { message_plaintext: "a".repeat(3_000_000) }), 413, "bad_request_body");
    const thread = await newThread();
    assertError(await postReply(c.designId, thread.id, { message_plaintext: "b".repeat(2049) }), 400, "message_too_long");
    assertError(await postReply(c.designId, thread.id, { message_plaintext: "" }), 400, "invalid_field");
  });

  test("who may comment: an unknown design is 404 design_not_found, another team's design 403 permission_denied", async () => {
    assertError(await postThread("Dnothere", { message_plaintext: "hi" }), 404, "design_not_found");
    assertError(await postThread("bad%20id!", { message_plaintext: "hi" }), 404, "design_not_found");
    assertError(await postThread(c.outsiderDesignId, { message_plaintext: "hi" }), 403, "permission_denied");
    const theirs = await newThread("ours", c.outsiderCommenter, c.outsiderDesignId);
    assertError(await http().get(`/v1/designs/${c.outsiderDesignId}/comments/${theirs.id}`, { token: c.commenter }), 403, "permission_denied");
    assertError(await postReply(c.outsiderDesignId, theirs.id, { message_plaintext: "hi" }), 403, "permission_denied");
    assertError(await http().get(`/v1/designs/${c.outsiderDesignId}/comments/${theirs.id}/replies`, { token: c.commenter }), 403, "permission_denied");
    // Another team's thread through one of our designs: not attached to it.
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${theirs.id}`, { token: c.commenter }), 404, "thread_not_found");
    assertError(await postReply(c.designId, theirs.id, { message_plaintext: "hi" }), 404, "design_not_found");
  });

  test("a thread of another design of the same team is not attached to this one", async () => {
    const second = await http().post("/v1/designs", { design_type: { type: "preset", name: "email" } }, { token: c.commenter });
    const elsewhere = await newThread("on the second design", c.commenter, second.body.design.id);
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${elsewhere.id}`, { token: c.commenter }), 404, "thread_not_found");
    assertError(await http().get(`/v1/designs/${c.designId}/comments/Cmissing`, { token: c.commenter }), 404, "thread_not_found");
    assertError(await postReply(c.designId, elsewhere.id, { message_plaintext: "hi" }), 404, "design_not_found");
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${elsewhere.id}/replies`, { token: c.commenter }), 404, "design_or_thread_not_found");
    assertError(await http().get(`/v1/designs/Dmissing/comments/${elsewhere.id}/replies`, { token: c.commenter }), 404, "design_or_thread_not_found");
  });

  test("scopes: reads need comment:read, creates comment:write (403 missing_scope); no token is 401", async () => {
    const thread = await newThread();
    const readOnly = await commentToken(http(), c.p, c.p.client, "comment:read");
    const writeOnly = await commentToken(http(), c.p, c.p.client, "comment:write");
    assertError(await postThread(c.designId, { message_plaintext: "hi" }, readOnly), 403, "missing_scope");
    assertError(await postReply(c.designId, thread.id, { message_plaintext: "hi" }, readOnly), 403, "missing_scope");
    assertError(await http().post("/v1/comments", { attached_to: { type: "design", design_id: c.designId }, message: "hi" }, { token: readOnly }), 403, "missing_scope");
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${thread.id}`, { token: writeOnly }), 403, "missing_scope");
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${thread.id}/replies`, { token: writeOnly }), 403, "missing_scope");
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${thread.id}`, { token: c.token }), 403, "missing_scope");
    assert.equal((await http().get(`/v1/designs/${c.designId}/comments/${thread.id}`, { token: readOnly })).status, 200);
    assert.equal((await postThread(c.designId, { message_plaintext: "hi" }, writeOnly)).status, 200);
    assert.equal((await postThread(c.designId, { message_plaintext: "hi" }, "")).status, 401);
    assert.equal((await http().get(`/v1/designs/${c.designId}/comments/${thread.id}`)).status, 401);
    assert.equal((await http().get(`/v1/designs/${c.designId}/comments/${thread.id}/replies/Rx`)).status, 401);
  });
});

describe("replies (current API)", () => {
  test("replies are created, listed oldest first with a signed continuation, and read one by one", async () => {
    const thread = await newThread();
    const mention = `${u(c.p.client)}:${c.teamId}`;
    const replies = [];
    for (let i = 0; i < 3; i++) {
      const created = await postReply(c.designId, thread.id, { message_plaintext: `reply ${i} [${mention}]` }, c.teammateCommenter);
      assert.equal(created.status, 200, created.text);
      replies.push(created.body.reply);
    }
    assert.deepEqual(Object.keys(replies[0]).sort(), ["author", "content", "created_at", "design_id", "id", "mentions", "thread_id", "updated_at"]);
    assert.deepEqual(replies[0].author, { id: u(c.p.otherClient), display_name: "Otto Other" });
    assert.deepEqual(replies[0].content, { plaintext: `reply 0 [${mention}]` });
    assert.deepEqual(replies[0].mentions, { [mention]: { tag: mention, user: { user_id: u(c.p.client), team_id: c.teamId, display_name: "Cleo Client" } } });
    assert.equal(replies[0].thread_id, thread.id);

    const base = `/v1/designs/${c.designId}/comments/${thread.id}/replies`;
    const first = await http().get(`${base}?limit=2`, { token: c.commenter });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.items.map((r: any) => r.id), replies.slice(0, 2).map((r) => r.id));
    assert.ok(first.body.continuation);
    const rest = await http().get(`${base}?limit=2&continuation=${encodeURIComponent(first.body.continuation)}`, { token: c.commenter });
    assert.deepEqual(rest.body.items.map((r: any) => r.id), [replies[2].id]);
    assert.equal(rest.body.continuation, undefined);
    const all = await http().get(base, { token: c.commenter });
    assert.deepEqual(all.body.items, replies);

    const one = await http().get(`${base}/${replies[1].id}`, { token: c.commenter });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.reply, replies[1]);
    const other = await newThread();
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${other.id}/replies/${replies[1].id}`, { token: c.commenter }), 404, "reply_not_found");
    assertError(await http().get(`${base}/Rmissing`, { token: c.commenter }), 404, "reply_not_found");
    assertError(await http().get(`/v1/designs/${c.outsiderDesignId}/comments/${thread.id}/replies/${replies[1].id}`, { token: c.outsiderCommenter }), 404, "reply_not_found");

    for (const limit of ["0", "101", "x", "-1"]) assertError(await http().get(`${base}?limit=${limit}`, { token: c.commenter }), 400, "invalid_field");
  });

  test("a forged, altered or carried-over continuation is refused (400)", async () => {
    const thread = await newThread();
    for (let i = 0; i < 2; i++) await postReply(c.designId, thread.id, { message_plaintext: `r${i}` });
    const base = `/v1/designs/${c.designId}/comments/${thread.id}/replies`;
    const { continuation } = (await http().get(`${base}?limit=1`, { token: c.commenter })).body;
    const [payload, mac] = continuation.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ offset: 0, for: JSON.parse(Buffer.from(payload, "base64url").toString()).for })).toString("base64url");
    const other = await newThread();
    await postReply(c.designId, other.id, { message_plaintext: "x" });
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${"A".repeat(43)}`, "garbage", `${payload}x.${mac}`]) {
      assertError(await http().get(`${base}?continuation=${encodeURIComponent(bad)}`, { token: c.commenter }), 400, "invalid_field");
    }
    // A continuation of one thread's replies does not continue another's.
    assertError(await http().get(`/v1/designs/${c.designId}/comments/${other.id}/replies?continuation=${encodeURIComponent(continuation)}`, { token: c.commenter }), 400, "invalid_field");
  });
});

describe("deprecated /v1/comments", () => {
  test("a parent comment is a thread; replies go to it by its id; the documented shapes", async () => {
    const mention = `${u(c.p.otherClient)}:${c.teamId}`;
    const created = await http().post(
      "/v1/comments",
      { attached_to: { type: "design", design_id: c.designId }, message: `Old API [${mention}]`, assignee_id: u(c.p.otherClient) },
      { token: c.commenter },
    );
    assert.equal(created.status, 200, created.text);
    const comment = created.body.comment;
    const otto = { user_id: u(c.p.otherClient), team_id: c.teamId, display_name: "Otto Other" };
    assert.equal(comment.type, "parent");
    assert.deepEqual(comment.attached_to, { type: "design", design_id: c.designId });
    assert.equal(comment.message, `Old API [${mention}]`);
    assert.deepEqual(comment.author, { id: u(c.p.client), display_name: "Cleo Client" });
    assert.deepEqual(comment.mentions, { [mention]: otto });
    assert.deepEqual(comment.assignee, { id: u(c.p.otherClient), display_name: "Otto Other" });

    const thread = await http().get(`/v1/designs/${c.designId}/comments/${comment.id}`, { token: c.commenter });
    assert.equal(thread.body.thread.id, comment.id);

    const reply = await http().post(`/v1/comments/${comment.id}/replies`, { attached_to: { type: "design", design_id: c.designId }, message: "Old reply" }, { token: c.teammateCommenter });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.comment.type, "reply");
    assert.equal(reply.body.comment.thread_id, comment.id);
    assert.equal(reply.body.comment.message, "Old reply");
    assert.deepEqual(reply.body.comment.mentions, {});
    assert.equal(reply.body.comment.assignee, undefined);
    const listed = await http().get(`/v1/designs/${c.designId}/comments/${comment.id}/replies`, { token: c.commenter });
    assert.deepEqual(listed.body.items.map((r: any) => r.id), [reply.body.comment.id]);
  });

  test("the deprecated paths keep the errors: bad attached_to, unknown design or comment, other team, long message", async () => {
    const post = (body: unknown) => http().post("/v1/comments", body, { token: c.commenter });
    assertError(await post({ attached_to: { type: "design", design_id: "Dmissing" }, message: "x" }), 404, "design_not_found");
    assertError(await post({ attached_to: { type: "design", design_id: c.outsiderDesignId }, message: "x" }), 403, "permission_denied");
    assertError(await post({ attached_to: { type: "folder", design_id: c.designId }, message: "x" }), 400, "invalid_field");
    assertError(await post({ attached_to: "design", message: "x" }), 400, "invalid_field");
    assertError(await post({ attached_to: { type: "design", design_id: c.designId }, message: "m".repeat(2049) }), 400, "message_too_long");
    const replyTo = (id: string, designId = c.designId) => http().post(`/v1/comments/${id}/replies`, { attached_to: { type: "design", design_id: designId }, message: "x" }, { token: c.commenter });
    assertError(await replyTo("Cmissing"), 404, "design_not_found");
    const theirs = await newThread("theirs", c.outsiderCommenter, c.outsiderDesignId);
    assertError(await replyTo(theirs.id), 404, "design_not_found");
    assertError(await replyTo(theirs.id, c.outsiderDesignId), 403, "permission_denied");
  });
});
