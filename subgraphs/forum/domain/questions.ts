import type { ForumAnswer, ForumQuestion, Prisma } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { NotFoundError } from "../../../lib/errors.js";
import type { QuestionInput, QuestionSort, QuestionStatus } from "../__generated__/resolvers-types.js";
import type { ForumContext } from "../context.js";
import { loadQuestion, requireAuthorOrAdmin } from "./access.js";
import { announce } from "./events.js";
import { counted } from "./limits.js";
import { content, pageLimit, pageOffset, tagFilter, tags, title } from "./validation.js";

export interface QuestionThread {
  question: ForumQuestion;
  answers: ForumAnswer[];
}

export interface QuestionPage {
  items: ForumQuestion[];
  totalCount: number;
  limit: number;
  offset: number;
}

export interface QuestionFilters {
  tag?: string | null;
  status?: QuestionStatus | null;
  sort?: QuestionSort | null;
  limit?: number | null;
  offset?: number | null;
}

const NEWEST = [{ createdAt: "desc" as const }, { id: "desc" as const }];
const ORDER: Record<QuestionSort, Prisma.ForumQuestionOrderByWithRelationInput[]> = {
  NEWEST,
  VOTES: [{ score: "desc" }, ...NEWEST],
  UNANSWERED: [{ answerCount: "asc" }, ...NEWEST],
};

/** Public: one page of questions, filtered and sorted. */
export async function listQuestions(ctx: ForumContext, filters: QuestionFilters): Promise<QuestionPage> {
  const limit = pageLimit(filters.limit);
  const offset = pageOffset(filters.offset);
  const tag = tagFilter(filters.tag);
  const where: Prisma.ForumQuestionWhereInput = { ...(tag ? { tags: { has: tag } } : {}), ...(filters.status ? { status: filters.status } : {}) };
  const [items, totalCount] = await Promise.all([
    ctx.db.forumQuestion.findMany({ where, orderBy: ORDER[filters.sort ?? "NEWEST"], take: limit, skip: offset }),
    ctx.db.forumQuestion.count({ where }),
  ]);
  return { items, totalCount, limit, offset };
}

/** Public: the question and its answers, counting one view (a single atomic increment). */
export async function viewQuestion(ctx: ForumContext, id: number): Promise<QuestionThread> {
  const counted = await ctx.db.forumQuestion.updateMany({ where: { id }, data: { viewCount: { increment: 1 } } });
  if (counted.count === 0) throw new NotFoundError("Question not found");
  const question = await ctx.db.forumQuestion.findUnique({ where: { id } });
  if (!question) throw new NotFoundError("Question not found");
  return { question, answers: await ctx.loaders.answersByQuestionId.load(id) };
}

/** Any signed-in user, within FORUM_POSTS_PER_HOUR (new questions and answers together). */
export async function createQuestion(ctx: ForumContext, input: QuestionInput): Promise<ForumQuestion> {
  const principal = requirePrincipal(ctx.auth);
  const data = { title: title(input.title), content: content(input.content), tags: tags(input.tags) };
  return counted(ctx.limits.posts, principal, () => ctx.db.forumQuestion.create({ data: { ...data, authorId: principal.userId } }));
}

/** The author or an ADMIN; absent fields keep their value, `title` and `content` cannot be emptied. */
export async function updateQuestion(ctx: ForumContext, id: number, input: QuestionInput): Promise<ForumQuestion> {
  requireAuthorOrAdmin(ctx, await loadQuestion(ctx, id), "question");
  const data = {
    ...(input.title !== undefined ? { title: title(input.title) } : {}),
    ...(input.content !== undefined ? { content: content(input.content) } : {}),
    ...(input.tags !== undefined ? { tags: tags(input.tags) } : {}),
  };
  const updated = await ctx.db.forumQuestion.updateManyAndReturn({ where: { id }, data: { ...data, updatedAt: new Date() } });
  if (updated.length === 0) throw new NotFoundError("Question not found");
  return updated[0];
}

export async function deleteQuestion(ctx: ForumContext, id: number): Promise<{ id: number; message: string }> {
  requireAuthorOrAdmin(ctx, await loadQuestion(ctx, id), "question");
  const deleted = await ctx.db.forumQuestion.deleteMany({ where: { id } });
  if (deleted.count === 0) throw new NotFoundError("Question not found");
  return { id, message: "Question deleted" };
}

/** ADMIN (checked by the schema): the question becomes CLOSED from any state. */
export async function closeQuestion(ctx: ForumContext, id: number): Promise<ForumQuestion> {
  const closed = await ctx.db.forumQuestion.updateManyAndReturn({ where: { id }, data: { status: "CLOSED", updatedAt: new Date() } });
  if (closed.length === 0) throw new NotFoundError("Question not found");
  await announce(ctx, id, "CLOSED", id);
  return closed[0];
}
