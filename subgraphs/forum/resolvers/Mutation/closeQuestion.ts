import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { closeQuestion as closeQuestionOperation } from "../../domain/questions.js";
import { questionId } from "../../domain/validation.js";

export const closeQuestion: MutationResolvers["closeQuestion"] = (_p, { id }, ctx) => closeQuestionOperation(ctx, questionId(id));
