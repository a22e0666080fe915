import type { ForumAnswer, ForumQuestion } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { ForumContext } from "../context.js";
import { announce } from "./events.js";
import { lockAnswer, lockedQuestion, type Tx } from "./locks.js";
import { voteType } from "./validation.js";

/** Upvotes and downvotes among the vote rows `count` counts. */
async function tally(count: (value: 1 | -1) => Promise<number>): Promise<{ upvotes: number; downvotes: number }> {
  const upvotes = await count(1);
  const downvotes = await count(-1);
  return { upvotes, downvotes };
}

/**
 * One vote per user per question (a row keyed by both): voting again the other way changes the row,
 * the same way changes nothing. The counts are recounted from the rows with the question locked.
 */
export async function voteQuestion(ctx: ForumContext, id: number, raw: number): Promise<ForumQuestion> {
  const { userId } = requirePrincipal(ctx.auth);
  const value = voteType(raw);
  const question = await ctx.db.$transaction(async (tx: Tx) => {
    await lockedQuestion(tx, id);
    await tx.forumQuestionVote.upsert({
      where: { questionId_userId: { questionId: id, userId } },
      create: { questionId: id, userId, value },
      update: { value },
    });
    const counts = await tally((vote) => tx.forumQuestionVote.count({ where: { questionId: id, value: vote } }));
    return tx.forumQuestion.update({ where: { id }, data: { ...counts, score: counts.upvotes - counts.downvotes } });
  });
  await announce(ctx, id, "QUESTION_VOTED", id);
  return question;
}

/** The same rules for answers, with the answer's row locked. */
export async function voteAnswer(ctx: ForumContext, id: number, raw: number): Promise<ForumAnswer> {
  const { userId } = requirePrincipal(ctx.auth);
  const value = voteType(raw);
  const answer = await ctx.db.$transaction(async (tx: Tx) => {
    await lockAnswer(tx, id);
    await tx.forumAnswerVote.upsert({
      where: { answerId_userId: { answerId: id, userId } },
      create: { answerId: id, userId, value },
      update: { value },
    });
    const counts = await tally((vote) => tx.forumAnswerVote.count({ where: { answerId: id, value: vote } }));
    return tx.forumAnswer.update({ where: { id }, data: counts });
  });
  await announce(ctx, answer.questionId, "ANSWER_VOTED", id);
  return answer;
}
