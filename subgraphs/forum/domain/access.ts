import type { ForumAnswer, ForumQuestion } from "../../../generated/prisma/client.js";
import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import { hasRole } from "../../../lib/auth/business-token.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import type { ForumContext } from "../context.js";

/** ADMIN (and SUPERUSER, who holds every role) moderates the forum. */
export const isAdmin = (principal: BusinessPrincipal) => hasRole(principal.roles, "ADMIN");

export async function loadQuestion(ctx: ForumContext, id: number): Promise<ForumQuestion> {
  const question = await ctx.loaders.questionById.load(id);
  if (!question) throw new NotFoundError("Question not found");
  return question;
}

export async function loadAnswer(ctx: ForumContext, id: number): Promise<ForumAnswer> {
  const answer = await ctx.loaders.answerById.load(id);
  if (!answer) throw new NotFoundError("Answer not found");
  return answer;
}

/** The signed-in caller, who must be the author of `row` or an ADMIN; `what` names it in the 403. */
export function requireAuthorOrAdmin(ctx: ForumContext, row: { authorId: number }, what: "question" | "answer"): BusinessPrincipal {
  const principal = requirePrincipal(ctx.auth);
  if (row.authorId !== principal.userId && !isAdmin(principal)) {
    throw new ForbiddenError(`Forbidden: only the author or an admin can change this ${what}`);
  }
  return principal;
}
