import type { ForumAnswer, ForumQuestion } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";
import type { ForumContext } from "../context.js";
import { loadQuestion } from "./access.js";
import { idOrNull } from "./validation.js";
import { FORUM_EVENTS } from "../manifest.js";

export type ActivityKind = "ANSWERED" | "ANSWER_VOTED" | "QUESTION_VOTED" | "ACCEPTED" | "CLOSED";

/**
 * Activity ids name what happened: `ANSWERED:12`, `QUESTION_VOTED:3`, `CLOSED:3`, … (the id of the answer,
 * else of the question). Another shape is a 400; a well-formed one naming no answer of the question (none
 * by that id, someone else's, or a number no id can be, past 2^31−1) has `answer` null.
 */
const ACTIVITY = /^(ANSWERED|ANSWER_VOTED|QUESTION_VOTED|ACCEPTED|CLOSED):(\d{1,10})$/;
const ABOUT_ANSWERS = new Set<ActivityKind>(["ANSWERED", "ANSWER_VOTED", "ACCEPTED"]);

export interface QuestionActivity {
  questionId: number;
  kind: ActivityKind | null;
  question: ForumQuestion;
  answer: ForumAnswer | null;
}

/** Tells the question's followers, once the change has committed. */
export async function announce(ctx: ForumContext, questionId: number, kind: ActivityKind, id: number): Promise<void> {
  await ctx.bus.publish(FORUM_EVENTS, { questionId, activity: `${kind}:${id}` });
}

/** The question after the activity `activityId` (its current state; the answer the activity concerns), or its current state alone. */
export async function activityOf(ctx: ForumContext, questionId: number, activityId: string | null | undefined): Promise<QuestionActivity> {
  const question = await loadQuestion(ctx, questionId);
  if (activityId === null || activityId === undefined) return { questionId, kind: null, question, answer: null };
  const match = ACTIVITY.exec(activityId);
  if (!match) throw new ValidationError("activityId", "Invalid activity ID");
  const kind = match[1] as ActivityKind;
  const id = ABOUT_ANSWERS.has(kind) ? idOrNull(match[2]) : null;
  const answer = id === null ? null : await ctx.loaders.answerById.load(id);
  return { questionId, kind, question, answer: answer?.questionId === questionId ? answer : null };
}
