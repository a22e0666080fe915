// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Settings } from "../../../lib/settings.js";
import { commentToken, startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";
import { commentsSettings } from "../settings.js";

const THREADS_PER_DESIGN = 4;
const REPLIES_PER_THREAD = 5;

let c: CommentPlatform;
const http = () => c.t.http;

async function newDesign(): Promise<string> {
  const created = await http().post("/v1/designs", { design_type: { type: "preset", name: "doc" } }, { token: c.commenter });
  assert.equal(created.status, 200, created.text);
  return created.body.design.id;
}

function postThread(designId: string, token = c.commenter) {
  return http().post(`/v1/designs/${designId}/comments`, { message_plaintext: "a thread" }, { token });
}

function postReply(designId: string, threadId: string, token = c.commenter) {
  return http().post(`/v1/designs/${designId}/comments/${threadId}/replies`, { message_plaintext: "a reply" }, { token });
}

/** How many answers had each status and code. */
function tally(responses: { status: number; body: any }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of responses) {
    const key = status === 200 ? "200" : `${status} ${body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

before(async () => {
  c = await startCommentPlatform({ COMMENT_THREADS_PER_DESIGN: String(THREADS_PER_DESIGN), COMMENT_REPLIES_PER_THREAD: String(REPLIES_PER_THREAD) });
});
after(() => c.t.stop());

describe("limits", () => {
  test("the documented limits are the defaults: 1000 threads per design, 100 replies per thread", () => {
    assert.deepEqual(commentsSettings(new Settings({})), { threadsPerDesign: 1000, repliesPerThread: 100 });
  });

  test("concurrent thread creates at the limit: exactly the limit pass, the rest are 403 too_many_comments", async () => {
    const designId = await newDesign();
    const responses = await Promise.all(Array.from({ length: 10 }, () => postThread(designId)));
    assert.deepEqual(tally(responses), { "200": THREADS_PER_DESIGN, "403 too_many_comments": 10 - THREADS_PER_DESIGN });
    assert.equal(await c.t.platform.runtime.db.prisma.commentThread.count({ where: { designId } }), THREADS_PER_DESIGN);
    const deprecated = await http().post("/v1/comments", { attached_to: { type: "design", design_id: designId }, message: "one more" }, { token: c.commenter });
    assert.equal(deprecated.body.code, "too_many_comments", deprecated.text);
  });

  test("concurrent replies at the limit: exactly the limit pass, the rest are 403 too_many_replies", async () => {
    const designId = await newDesign();
    const thread = (await postThread(designId)).body.thread;
    const racer = await commentToken(http(), c.p, c.p.otherClient);
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => postReply(designId, thread.id, i % 2 ? racer : c.teammateCommenter)));
    assert.deepEqual(tally(responses), { "200": REPLIES_PER_THREAD, "403 too_many_replies": 12 - REPLIES_PER_THREAD });
    assert.equal(await c.t.platform.runtime.db.prisma.commentReply.count({ where: { threadId: thread.id } }), REPLIES_PER_THREAD);
    const deprecated = await http().post(`/v1/comments/${thread.id}/replies`, { attached_to: { type: "design", design_id: designId }, message: "x" }, { token: c.commenter });
    assert.equal(deprecated.body.code, "too_many_replies", deprecated.text);
  });

  test("comments go with their design", async () => {
    const designId = await newDesign();
    const thread = (await postThread(designId)).body.thread;
    await postReply(designId, thread.id);
    const db = c.t.platform.runtime.db.prisma;
    await db.design.delete({ where: { id: designId } });
    assert.deepEqual([await db.commentThread.count({ where: { designId } }), await db.commentReply.count({ where: { designId } })], [0, 0]);
  });
});

describe("rates per integration and user", () => {
  test("reply creation: 20 a minute, then 429 too_many_requests", async () => {
    const token = await commentToken(http(), c.p, c.p.client);
    const threads: { designId: string; id: string }[] = [];
    for (const designId of [await newDesign(), await newDesign()]) {
      for (let i = 0; i < THREADS_PER_DESIGN; i++) threads.push({ designId, id: (await postThread(designId)).body.thread.id });
    }
    for (let i = 0; i < 20; i++) {
      const { designId, id } = threads[i % threads.length];
      assert.equal((await postReply(designId, id, token)).status, 200);
    }
    const refused = await postReply(threads[0].designId, threads[0].id, token);
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.code, "too_many_requests");
  });
});
