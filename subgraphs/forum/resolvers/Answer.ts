import { reference } from "../../../lib/graphql/entity-reference.js";
import { NotFoundError } from "../../../lib/errors.js";
import type { AnswerResolvers } from "../__generated__/resolvers-types.js";

export const Answer: AnswerResolvers = {
  __resolveReference: (ref, ctx) => ctx.loaders.answerById.load(ref.id),
  question: async (answer, _args, ctx) => {
    const question = await ctx.loaders.questionById.load(answer.questionId);
    if (!question) throw new NotFoundError("Question not found");
    return question;
  },
  author: (answer) => reference(answer.authorId),
  verifiedBy: (answer) => reference(answer.verifiedById),
};
