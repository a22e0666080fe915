import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createQuestion as createQuestionOperation } from "../../domain/questions.js";

export const createQuestion: MutationResolvers["createQuestion"] = (_p, { input }, ctx) => createQuestionOperation(ctx, input);
