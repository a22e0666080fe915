import { reference } from "../../../lib/graphql/entity-reference.js";
import type { QuestionResolvers } from "../__generated__/resolvers-types.js";

export const Question: QuestionResolvers = {
  __resolveReference: (ref, ctx) => ctx.loaders.questionById.load(ref.id),
  author: (question) => reference(question.authorId),
  answers: (question, _args, ctx) => ctx.loaders.answersByQuestionId.load(question.id),
};
