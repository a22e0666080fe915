import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createAnswer as createAnswerOperation } from "../../domain/answers.js";
import { questionId } from "../../domain/validation.js";

export const createAnswer: MutationResolvers["createAnswer"] = (_p, { questionId: id, content }, ctx) =>
  createAnswerOperation(ctx, questionId(id, "questionId"), content);
