import type { ForumAnswer } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import type { ForumContext } from "../context.js";
import { isAdmin, loadAnswer, requireAuthorOrAdmin } from "./access.js";
import { announce } from "./events.js";
import { counted } from "./limits.js";
import { lockAnswer, lockedQuestion, recountAnswers } from "./locks.js";
import { content } from "./validation.js";

/** Any signed-in user, on a question that is not CLOSED, within FORUM_POSTS_PER_HOUR. */
export async function createAnswer(ctx: ForumContext, questionId: number, text: string): Promise<ForumAnswer> {
  const principal = requirePrincipal(ctx.auth);
  const body = content(text);
  const answer = await counted(ctx.limits.posts, principal, () =>
    ctx.db.$transaction(async (tx) => {
      const question = await lockedQuestion(tx, questionId);
      if (question.status === "CLOSED") throw new BadRequestError("Question is closed: no new answers");
      const created = await tx.forumAnswer.create({ data: { questionId, content: body, authorId: principal.userId } });
      await tx.forumQuestion.update({ where: { id: questionId }, data: { answerCount: await recountAnswers(tx, questionId) } });
      return created;
    }),
  );
  await announce(ctx, questionId, "ANSWERED", answer.id);
  return answer;
}

/** No verification survives a change of content by anyone but an ADMIN: an ADMIN must verify it again. */
const UNVERIFIED = { isVerified: false, verifiedById: null, verifiedAt: null };

/**
 * The author or an ADMIN. When the author (not an ADMIN) changes the content, the answer is no longer
 * verified (`isVerified` false, `verifiedBy` and `verifiedAt` null); saving the same content keeps it.
 */
export async function updateAnswer(ctx: ForumContext, id: number, text: string): Promise<ForumAnswer> {
  const principal = requireAuthorOrAdmin(ctx, await loadAnswer(ctx, id), "answer");
  const body = content(text);
  return ctx.db.$transaction(async (tx) => {
    await lockAnswer(tx, id);
    const current = await tx.forumAnswer.findUnique({ where: { id } });
    if (!current) throw new NotFoundError("Answer not found");
    const unverify = current.content !== body && !isAdmin(principal) ? UNVERIFIED : {};
    return tx.forumAnswer.update({ where: { id }, data: { content: body, updatedAt: new Date(), ...unverify } });
  });
}

/** The author or an ADMIN. When it was the accepted answer, the question has none again (ANSWERED → OPEN). */
export async function deleteAnswer(ctx: ForumContext, id: number): Promise<{ id: number; message: string }> {
  const answer = await loadAnswer(ctx, id);
  requireAuthorOrAdmin(ctx, answer, "answer");
  await ctx.db.$transaction(async (tx) => {
    const question = await lockedQuestion(tx, answer.questionId);
    const deleted = await tx.forumAnswer.deleteMany({ where: { id } });
    if (deleted.count === 0) throw new NotFoundError("Answer not found");
    const wasAccepted = question.acceptedAnswerId === id;
    await tx.forumQuestion.update({
      where: { id: question.id },
      data: {
        answerCount: await recountAnswers(tx, question.id),
        ...(wasAccepted ? { acceptedAnswerId: null, status: question.status === "ANSWERED" ? "OPEN" : question.status, updatedAt: new Date() } : {}),
      },
    });
  });
  return { id, message: "Answer deleted" };
}

/** The question's author only: this answer becomes the accepted one, any other is no longer, the question ANSWERED. */
export async function acceptAnswer(ctx: ForumContext, id: number): Promise<ForumAnswer> {
  const principal = requirePrincipal(ctx.auth);
  const answer = await loadAnswer(ctx, id);
  const accepted = await ctx.db.$transaction(async (tx) => {
    const question = await lockedQuestion(tx, answer.questionId);
    if (question.authorId !== principal.userId) throw new ForbiddenError("Forbidden: only the question's author can accept an answer");
    if (question.status === "CLOSED") throw new BadRequestError("Question is closed: no answer can be accepted");
    await tx.forumAnswer.updateMany({ where: { questionId: question.id, isAccepted: true, NOT: { id } }, data: { isAccepted: false } });
    const rows = await tx.forumAnswer.updateManyAndReturn({ where: { id }, data: { isAccepted: true } });
    if (rows.length === 0) throw new NotFoundError("Answer not found");
    await tx.forumQuestion.update({ where: { id: question.id }, data: { acceptedAnswerId: id, status: "ANSWERED", updatedAt: new Date() } });
    return rows[0];
  });
  await announce(ctx, answer.questionId, "ACCEPTED", id);
  return accepted;
}

/** ADMIN (checked by the schema): the answer is marked verified; verifying again keeps the first verifier. */
export async function verifyAnswer(ctx: ForumContext, id: number): Promise<ForumAnswer> {
  const principal = requirePrincipal(ctx.auth);
  const answer = await loadAnswer(ctx, id);
  if (answer.isVerified) return answer;
  const rows = await ctx.db.forumAnswer.updateManyAndReturn({
    where: { id, isVerified: false },
    data: { isVerified: true, verifiedById: principal.userId, verifiedAt: new Date() },
  });
  const current = rows[0] ?? (await ctx.db.forumAnswer.findUnique({ where: { id } }));
  if (!current) throw new NotFoundError("Answer not found");
  return current;
}
