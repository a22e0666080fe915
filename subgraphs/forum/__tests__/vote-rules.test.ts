// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { ForumContext } from "../context.js";
import { createAnswer } from "../domain/answers.js";
import { createQuestion } from "../domain/questions.js";
import { voteAnswer, voteQuestion } from "../domain/votes.js";

let forum: DomainUnderTest<ForumContext>;
before(async () => (forum = await domainUnderTest<ForumContext>("forum", { FORUM_VOTES_PER_HOUR: "1000", FORUM_POSTS_PER_HOUR: "1000" })));
after(() => forum?.stop());

const question = async () => {
  const author = await forum.user();
  return createQuestion(forum.as(author), { title: "How?", content: "Like this?", tags: ["rules"] });
};

describe("forum votes, called as the resolvers call them (no HTTP)", () => {
  test("one vote per user: again the same way changes nothing, the other way moves it; the score follows", async () => {
    const { id } = await question();
    const voter = forum.as(await forum.user());
    assert.deepEqual(await pick(voteQuestion(voter, id, 1)), { upvotes: 1, downvotes: 0, score: 1 });
    assert.deepEqual(await pick(voteQuestion(voter, id, 1)), { upvotes: 1, downvotes: 0, score: 1 });
    assert.deepEqual(await pick(voteQuestion(voter, id, -1)), { upvotes: 0, downvotes: 1, score: -1 });
    const rows = await forum.db.forumQuestionVote.count({ where: { questionId: id } });
    assert.equal(rows, 1);
  });

  test("a vote that is neither 1 nor -1 is refused and records nothing", async () => {
    const { id } = await question();
    const voter = forum.as(await forum.user());
    await assert.rejects(voteQuestion(voter, id, 2), (error: Error & { extensions?: { code?: string } }) => error.extensions?.code === "BAD_USER_INPUT");
    assert.equal(await forum.db.forumQuestionVote.count({ where: { questionId: id } }), 0);
  });

  test("many voters at once, each changing their mind at once: the counts are the rows", async () => {
    const { id } = await question();
    const voters = await Promise.all(Array.from({ length: 12 }, () => forum.user()));
    await Promise.all(voters.map((voter) => voteQuestion(forum.as(voter), id, 1)));
    await Promise.all(voters.slice(0, 5).map((voter) => voteQuestion(forum.as(voter), id, -1)));
    const stored = await forum.db.forumQuestion.findUniqueOrThrow({ where: { id } });
    assert.deepEqual({ upvotes: stored.upvotes, downvotes: stored.downvotes, score: stored.score }, { upvotes: 7, downvotes: 5, score: 2 });
  });

  test("answers count their votes the same way, apart from their question's", async () => {
    const { id: questionId } = await question();
    const answer = await createAnswer(forum.as(await forum.user()), questionId, "This way.");
    const voters = await Promise.all(Array.from({ length: 4 }, () => forum.user()));
    await Promise.all(voters.map((voter, index) => voteAnswer(forum.as(voter), answer.id, index === 0 ? -1 : 1)));
    const stored = await forum.db.forumAnswer.findUniqueOrThrow({ where: { id: answer.id } });
    assert.deepEqual([stored.upvotes, stored.downvotes], [3, 1]);
    const asked = await forum.db.forumQuestion.findUniqueOrThrow({ where: { id: questionId } });
    assert.deepEqual([asked.upvotes, asked.downvotes], [0, 0]);
  });
});

async function pick(voted: Promise<{ upvotes: number; downvotes: number; score: number }>) {
  const { upvotes, downvotes, score } = await voted;
  return { upvotes, downvotes, score };
}
