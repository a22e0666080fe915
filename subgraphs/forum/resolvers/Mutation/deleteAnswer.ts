import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteAnswer as deleteAnswerOperation } from "../../domain/answers.js";
import { answerId } from "../../domain/validation.js";

export const deleteAnswer: MutationResolvers["deleteAnswer"] = (_p, { id }, ctx) => deleteAnswerOperation(ctx, answerId(id));
