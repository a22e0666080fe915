import type { ForumAnswer, ForumQuestion } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { ForumContext } from "../context.js";
import { announce } from "./events.js";
import { counted } from "./limits.js";
import { lockAnswer, lockedQuestion, type Tx } from "./locks.js";
import { voteType } from "./validation.js";

interface Counts {
  upvotes: number;
  downvotes: number;
}

/** What voting on one kind of item needs: its lock, its vote rows, and where its counts go. */
interface VoteTarget<Row> {
  lock(tx: Tx, id: number): Promise<unknown>;
  record(tx: Tx, id: number, userId: number, value: 1 | -1): Promise<unknown>;
  count(tx: Tx, id: number, value: 1 | -1): Promise<number>;
  save(tx: Tx, id: number, counts: Counts): Promise<Row>;
}

/**
 * One vote per user per item (a row keyed by both): voting again the other way changes the row, the
 * same way changes nothing. The counts are recounted from the rows with the item's row locked, so
 * concurrent votes are counted exactly. Every vote (a repeat or a change too) counts against
 * FORUM_VOTES_PER_HOUR.
 */
async function castVote<Row>(ctx: ForumContext, id: number, raw: number, target: VoteTarget<Row>): Promise<Row> {
  const principal = requirePrincipal(ctx.auth);
  const value = voteType(raw);
  return counted(ctx.limits.votes, principal, () =>
    ctx.db.$transaction(async (tx: Tx) => {
      await target.lock(tx, id);
      await target.record(tx, id, principal.userId, value);
      const upvotes = await target.count(tx, id, 1);
      const downvotes = await target.count(tx, id, -1);
      return target.save(tx, id, { upvotes, downvotes });
    }),
  );
}

const QUESTION_VOTES: VoteTarget<ForumQuestion> = {
  lock: lockedQuestion,
  record: (tx, questionId, userId, value) =>
    tx.forumQuestionVote.upsert({ where: { questionId_userId: { questionId, userId } }, create: { questionId, userId, value }, update: { value } }),
  count: (tx, questionId, value) => tx.forumQuestionVote.count({ where: { questionId, value } }),
  save: (tx, id, counts) => tx.forumQuestion.update({ where: { id }, data: { ...counts, score: counts.upvotes - counts.downvotes } }),
};

const ANSWER_VOTES: VoteTarget<ForumAnswer> = {
  lock: lockAnswer,
  record: (tx, answerId, userId, value) =>
    tx.forumAnswerVote.upsert({ where: { answerId_userId: { answerId, userId } }, create: { answerId, userId, value }, update: { value } }),
  count: (tx, answerId, value) => tx.forumAnswerVote.count({ where: { answerId, value } }),
  save: (tx, id, counts) => tx.forumAnswer.update({ where: { id }, data: counts }),
};

export async function voteQuestion(ctx: ForumContext, id: number, raw: number): Promise<ForumQuestion> {
  const question = await castVote(ctx, id, raw, QUESTION_VOTES);
  await announce(ctx, id, "QUESTION_VOTED", id);
  return question;
}

export async function voteAnswer(ctx: ForumContext, id: number, raw: number): Promise<ForumAnswer> {
  const answer = await castVote(ctx, id, raw, ANSWER_VOTES);
  await announce(ctx, answer.questionId, "ANSWER_VOTED", id);
  return answer;
}
