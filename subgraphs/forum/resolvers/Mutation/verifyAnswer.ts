import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { verifyAnswer as verifyAnswerOperation } from "../../domain/answers.js";
import { answerId } from "../../domain/validation.js";

export const verifyAnswer: MutationResolvers["verifyAnswer"] = (_p, { id }, ctx) => verifyAnswerOperation(ctx, answerId(id));
