// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { commentToken, COMMENT_SCOPES, startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";
import { DESIGN_SCOPES } from "../../../testing/designs.js";
import { approvedIntegration, obtainTokens } from "../../../testing/oauth.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { IntegrationBackend, NOTIFICATION_SCOPES, setWebhook, WebhookReceiver } from "../../../testing/webhooks.js";
import { createdSuggestion, postSuggestion, resolvedThread, setResolved } from "./comment-graph.js";

let c: CommentPlatform;
let receiver: WebhookReceiver;
const http = () => c.t.http;

async function newThread(designId = c.designId, token = c.commenter): Promise<any> {
  const created = await http().post(`/v1/designs/${designId}/comments`, { message_plaintext: "Fix the logo" }, { token });
  assert.equal(created.status, 200, created.text);
  return created.body.thread;
}

const readThread = async (threadId: string, token = c.commenter) => (await http().get(`/v1/designs/${c.designId}/comments/${threadId}`, { token })).body.thread;

function errorOf(response: { body: any; text: string }): { code: string; entity?: string; reason?: string } {
  assert.equal(response.body.data?.resolveCommentThread ?? response.body.data?.reopenCommentThread ?? null, null, response.text);
  return response.body.errors?.[0]?.extensions;
}

before(async () => {
  c = await startCommentPlatform({ WEBHOOK_ALLOW_PRIVATE: "true" }, [...DESIGN_DOMAINS, "comments", "webhooks"]);
  receiver = await WebhookReceiver.start();
});
after(async () => {
  await receiver.close();
  await c.t.stop();
});

describe("resolving and reopening threads", () => {
  test("a teammate resolves: resolver and resolved in the graph, resolver in REST; reopening clears them", async () => {
    const thread = await newThread();
    assert.equal(thread.thread_type.resolver, undefined);
    const resolved = await resolvedThread(http(), c.teammateCommenter, c.designId, thread.id);
    assert.equal(resolved.resolved, true);
    assert.deepEqual(resolved.resolver, { id: c.p.otherClient.userId, displayName: "Otto Other" });
    assert.ok(Math.abs(Date.parse(resolved.resolvedAt) - Date.now()) < 60_000);
    assert.deepEqual((await readThread(thread.id)).thread_type.resolver, { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" });

    const reopened = await setResolved(http(), c.commenter, c.designId, thread.id, false);
    assert.deepEqual(
      [reopened.body.data?.reopenCommentThread.resolved, reopened.body.data?.reopenCommentThread.resolver, reopened.body.data?.reopenCommentThread.resolvedAt],
      [false, null, null],
      reopened.text,
    );
    assert.equal((await readThread(thread.id)).thread_type.resolver, undefined);
  });

  test("resolving twice is idempotent: the first resolver stays, the thread is unchanged; reopening an open thread changes nothing", async () => {
    const thread = await newThread();
    const first = await resolvedThread(http(), c.commenter, c.designId, thread.id);
    const second = await resolvedThread(http(), c.teammateCommenter, c.designId, thread.id);
    assert.deepEqual(second, first);
    await setResolved(http(), c.commenter, c.designId, thread.id, false);
    const open = await readThread(thread.id);
    const again = await setResolved(http(), c.commenter, c.designId, thread.id, false);
    assert.equal(again.body.errors, undefined, again.text);
    assert.deepEqual(await readThread(thread.id), open);
  });

  test("a reply to a resolved thread reopens it", async () => {
    const thread = await newThread();
    await resolvedThread(http(), c.commenter, c.designId, thread.id);
    const reply = await http().post(`/v1/designs/${c.designId}/comments/${thread.id}/replies`, { message_plaintext: "Not quite yet" }, { token: c.teammateCommenter });
    assert.equal(reply.status, 200, reply.text);
    assert.equal((await readThread(thread.id)).thread_type.resolver, undefined);
  });

  test("another team's thread is not found, exactly like an unknown one, and stays as it was", async () => {
    const theirs = await newThread(c.outsiderDesignId, c.outsiderCommenter);
    const ours = await newThread();
    const notFound = { code: "NOT_FOUND", entity: "thread" };
    for (const [designId, threadId] of [[c.outsiderDesignId, theirs.id], [c.designId, theirs.id], [c.outsiderDesignId, ours.id], ["Dunknown", "Cunknown"], [c.designId, "Cunknown"], ["bad id!", "x"]]) {
      for (const resolved of [true, false]) {
        const { code, entity } = errorOf(await setResolved(http(), c.commenter, designId, threadId, resolved));
        assert.deepEqual({ code, entity }, notFound, `${designId}/${threadId}`);
      }
    }
    const row = await c.t.platform.runtime.db.prisma.commentThread.findUniqueOrThrow({ where: { id: theirs.id } });
    assert.equal(row.resolverId, null);
    // The other team cannot touch ours either.
    assert.equal(errorOf(await setResolved(http(), c.outsiderCommenter, c.designId, ours.id, true)).code, "NOT_FOUND");
  });

  test("comment:write is needed (comment:read alone is 403 missing scope); no token is refused", async () => {
    const thread = await newThread();
    const readOnly = await commentToken(http(), c.p, c.p.client, "comment:read");
    const refused = await setResolved(http(), readOnly, c.designId, thread.id, true);
    assert.equal(refused.body.errors?.[0]?.extensions.code, "FORBIDDEN", refused.text);
    assert.equal(refused.body.errors?.[0]?.extensions.reason, "MISSING_SCOPE", refused.text);
    const anonymous = await http().graphql(`mutation($d: ID!, $t: ID!) { resolveCommentThread(designId: $d, threadId: $t) { id } }`, { d: c.designId, t: thread.id });
    assert.equal(anonymous.body.errors?.[0]?.extensions.code, "UNAUTHENTICATED", anonymous.text);
    assert.equal((await readThread(thread.id)).thread_type.resolver, undefined);
  });

  test("a suggestion thread is not resolved (400 NOT_A_COMMENT_THREAD)", async () => {
    const suggestion = await createdSuggestion(http(), c.commenter, c.designId, [{ type: "add", text: "more" }]);
    const refused = errorOf(await setResolved(http(), c.commenter, c.designId, suggestion.id, true));
    assert.deepEqual([refused.code, refused.reason], ["BAD_REQUEST", "NOT_A_COMMENT_THREAD"]);
  });
});

describe("suggestion threads", () => {
  test("bad edits are refused with BAD_USER_INPUT and nothing is created", async () => {
    const db = c.t.platform.runtime.db.prisma;
    const before = await db.commentThread.count({ where: { designId: c.designId } });
    for (const edits of [
      [],
      Array.from({ length: 51 }, () => ({ type: "add", text: "x" })),
      [{ type: "add" }],
      [{ type: "add", text: "" }],
      [{ type: "delete", text: "x".repeat(2049) }],
      [{ type: "add", text: "x", format: "color" }],
      [{ type: "format" }],
      [{ type: "format", format: "color", text: "x" }],
    ]) {
      const refused = await postSuggestion(http(), c.commenter, c.designId, edits);
      assert.equal(refused.body.errors?.[0]?.extensions.code, "BAD_USER_INPUT", `${JSON.stringify(edits).slice(0, 80)}: ${refused.text.slice(0, 300)}`);
    }
    const unknownFormat = await postSuggestion(http(), c.commenter, c.designId, [{ type: "format", format: "blink" }]);
    assert.equal(unknownFormat.status, 400, unknownFormat.text);
    assert.equal(await db.commentThread.count({ where: { designId: c.designId } }), before);
  });

  test("another team's design: the same answer as for comment threads (403); an unknown design 404", async () => {
    const theirs = await postSuggestion(http(), c.commenter, c.outsiderDesignId, [{ type: "add", text: "x" }]);
    assert.equal(theirs.body.errors?.[0]?.extensions.code, "FORBIDDEN", theirs.text);
    const unknown = await postSuggestion(http(), c.commenter, "Dunknown", [{ type: "add", text: "x" }]);
    assert.equal(unknown.body.errors?.[0]?.extensions.code, "NOT_FOUND", unknown.text);
  });
});

describe("what others hear of a resolution", () => {
  test("concurrent resolves record one resolution: the design owner's integration gets one signed `resolved` event", async () => {
    const scopes = `${DESIGN_SCOPES} ${COMMENT_SCOPES} ${NOTIFICATION_SCOPES}`;
    const app = await approvedIntegration(http(), c.p, scopes);
    const set = await setWebhook(http(), c.p.staff, app.clientId, receiver.url, ["comment"]);
    assert.equal(set.body.errors, undefined, set.text);
    const { access_token: ownerToken } = await obtainTokens(http(), app, c.p.client, scopes);
    const designId = (await http().post("/v1/designs", { design_type: { type: "preset", name: "doc" } }, { token: ownerToken })).body.design.id;
    const backend = new IntegrationBackend(http(), c.t.config.publicUrl, app.clientId);
    /** The comment events the receiver has had about `threadId` (the design owner's other threads are told too). */
    const eventsAbout = async (threadId: string) => {
      const verified = await Promise.all(receiver.requests.map((request) => backend.verify(request.body)));
      return verified.map(({ notification }) => notification.content.comment_event).filter((event) => event?.comment?.id === threadId).map((event) => event.type);
    };
    const untilEvents = async (threadId: string, count: number) => {
      for (const deadline = Date.now() + 30_000; (await eventsAbout(threadId)).length < count; ) {
        assert.ok(Date.now() < deadline, `${count} events about ${threadId}`);
        await receiver.received(receiver.requests.length + 1, 30_000).catch(() => undefined);
      }
    };
    const thread = await newThread(designId, ownerToken);
    await untilEvents(thread.id, 1);

    const answers = await Promise.all(Array.from({ length: 6 }, (_v, i) => setResolved(http(), i % 2 ? c.teammateCommenter : c.commenter, designId, thread.id, true)));
    const resolvers = new Set(answers.map((answer) => JSON.stringify(answer.body.data?.resolveCommentThread.resolver)));
    assert.equal(resolvers.size, 1, "every answer names the one resolver");
    await untilEvents(thread.id, 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(await eventsAbout(thread.id), ["new", "resolved"], "one creation, one resolution: nothing for the repeated resolves");
  });

  test("followers of the design's comments see the thread resolved and reopened", async () => {
    const thread = await newThread();
    const client = wsClient(http().baseUrl, c.teammateCommenter);
    const followed = follow(client, `subscription($d: ID!) { designComments(designId: $d) { thread { id resolved resolver { displayName } } } }`, { d: c.designId });
    await followed.received(1);
    await resolvedThread(http(), c.commenter, c.designId, thread.id);
    await followed.received(2);
    assert.deepEqual(followed.results[1].data.designComments.thread, { id: thread.id, resolved: true, resolver: { displayName: "Cleo Client" } });
    await setResolved(http(), c.commenter, c.designId, thread.id, false);
    await followed.received(3);
    assert.deepEqual(followed.results[2].data.designComments.thread, { id: thread.id, resolved: false, resolver: null });
    followed.stop();
    await client.dispose();
  });
});
