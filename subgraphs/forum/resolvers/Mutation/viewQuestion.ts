import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { viewQuestion as viewQuestionOperation } from "../../domain/questions.js";
import { questionId } from "../../domain/validation.js";

export const viewQuestion: MutationResolvers["viewQuestion"] = (_p, { id }, ctx) => viewQuestionOperation(ctx, questionId(id));
