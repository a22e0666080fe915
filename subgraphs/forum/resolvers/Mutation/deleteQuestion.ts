import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteQuestion as deleteQuestionOperation } from "../../domain/questions.js";
import { questionId } from "../../domain/validation.js";

export const deleteQuestion: MutationResolvers["deleteQuestion"] = (_p, { id }, ctx) => deleteQuestionOperation(ctx, questionId(id));
