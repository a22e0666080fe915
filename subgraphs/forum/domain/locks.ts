import type { ForumQuestion, Prisma } from "../../../generated/prisma/client.js";
import { NotFoundError } from "../../../lib/errors.js";

export type Tx = Prisma.TransactionClient;

/**
 * The question, its row locked until the transaction ends: every change of its counters, status or
 * accepted answer takes this lock first, so they happen one after another and recounts are exact.
 */
export async function lockedQuestion(tx: Tx, id: number): Promise<ForumQuestion> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM forum_questions WHERE id = ${id} FOR UPDATE`;
  const question = locked.length ? await tx.forumQuestion.findUnique({ where: { id } }) : null;
  if (!question) throw new NotFoundError("Question not found");
  return question;
}

/** Locks the answer's row until the transaction ends (votes on one answer happen one after another). */
export async function lockAnswer(tx: Tx, id: number): Promise<void> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM forum_answers WHERE id = ${id} FOR UPDATE`;
  if (locked.length === 0) throw new NotFoundError("Answer not found");
}

/** The question's answer count from its answer rows (call with the question locked). */
export async function recountAnswers(tx: Tx, questionId: number): Promise<number> {
  return tx.forumAnswer.count({ where: { questionId } });
}
