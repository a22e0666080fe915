// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../../testing/accounts.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { answer, api, ask } from "./forum-fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ FORUM_POSTS_PER_HOUR: "3", FORUM_VOTES_PER_HOUR: "4" }, ["accounts", "forum"])));
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;

function assertLimited(response: { status: number; headers: Headers; body: any; text: string }) {
  assert.equal(response.status, 429, response.text);
  assert.ok(Number(response.headers.get("retry-after")) > 0, `Retry-After: ${response.headers.get("retry-after")}`);
  assert.match(response.body.error, /^Too many requests/);
}

describe("per-user limits of forum writes", () => {
  test("questions and answers together, FORUM_POSTS_PER_HOUR a user: past it 429 with Retry-After and nothing stored", async () => {
    const poster = await registerAndLogin(t.http, undefined, "Prolific Poster");
    const question = await ask(t.http, p.client);
    const missing = await t.http.post(api("/questions/999999/answers"), { content: "lost" }, { token: poster.token });
    assert.equal(missing.status, 404, "a write that fails is not counted");
    await ask(t.http, poster, { title: "one" });
    await answer(t.http, poster, question.id, "two");
    await ask(t.http, poster, { title: "three" });
    const questions = await db().forumQuestion.count({ where: { authorId: poster.userId } });
    const answers = await db().forumAnswer.count({ where: { authorId: poster.userId } });
    assertLimited(await t.http.post(api("/questions"), { title: "four", content: "c" }, { token: poster.token }));
    assertLimited(await t.http.post(api(`/questions/${question.id}/answers`), { content: "four" }, { token: poster.token }));
    const graph = await t.http.graphql(`mutation { createQuestion(input: { title: "four", content: "c" }) { id } }`, {}, poster.token);
    assert.equal(graph.body.errors?.[0].extensions.code, "RATE_LIMITED", graph.text);
    assert.equal(await db().forumQuestion.count({ where: { authorId: poster.userId } }), questions);
    assert.equal(await db().forumAnswer.count({ where: { authorId: poster.userId } }), answers);
    assert.equal((await t.http.get(api(`/questions/${question.id}`))).body.question.answerCount, 1);
    await answer(t.http, p.otherClient, question.id, "another user has a budget of their own");
    const edited = await t.http.put(api(`/answers/${(await db().forumAnswer.findFirst({ where: { authorId: poster.userId } }))!.id}`), { content: "edits are not counted" },
      { token: poster.token });
    assert.equal(edited.status, 200, edited.text);
  });

  test("votes, FORUM_VOTES_PER_HOUR a user (changes of mind too): past it 429 and the vote stays as it was", async () => {
    const voter = await registerAndLogin(t.http, undefined, "Eager Voter");
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    const vote = (path: string, voteType: number) => t.http.post(api(path), { voteType }, { token: voter.token });
    assert.equal((await vote("/questions/999999/vote", 1)).status, 404, "a vote on nothing is not counted");
    for (const [path, voteType] of [[`/questions/${question.id}/vote`, 1], [`/questions/${question.id}/vote`, -1], [`/answers/${given.id}/vote`, 1],
      [`/questions/${question.id}/vote`, 1]] as const) {
      assert.equal((await vote(path, voteType)).status, 200);
    }
    assertLimited(await vote(`/questions/${question.id}/vote`, -1));
    assertLimited(await vote(`/answers/${given.id}/vote`, -1));
    const graph = await t.http.graphql(`mutation($id: ID!) { voteAnswer(id: $id, voteType: -1) { id } }`, { id: given.id }, voter.token);
    assert.equal(graph.body.errors?.[0].extensions.code, "RATE_LIMITED", graph.text);
    const thread = (await t.http.get(api(`/questions/${question.id}`))).body;
    assert.deepEqual([thread.question.upvotes, thread.question.downvotes, thread.answers[0].upvotes, thread.answers[0].downvotes], [1, 0, 1, 0]);
    assert.deepEqual((await db().forumAnswerVote.findMany({ where: { userId: voter.userId } })).map((row) => row.value), [1]);
    assert.equal((await t.http.post(api(`/answers/${given.id}/vote`), { voteType: -1 }, { token: p.staff.token })).status, 200, "others still vote");
  });
});
