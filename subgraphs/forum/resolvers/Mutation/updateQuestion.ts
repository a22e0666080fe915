import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateQuestion as updateQuestionOperation } from "../../domain/questions.js";
import { questionId } from "../../domain/validation.js";

export const updateQuestion: MutationResolvers["updateQuestion"] = (_p, { id, input }, ctx) => updateQuestionOperation(ctx, questionId(id), input);
