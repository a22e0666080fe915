import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateAnswer as updateAnswerOperation } from "../../domain/answers.js";
import { answerId } from "../../domain/validation.js";

export const updateAnswer: MutationResolvers["updateAnswer"] = (_p, { id, content }, ctx) => updateAnswerOperation(ctx, answerId(id), content);
