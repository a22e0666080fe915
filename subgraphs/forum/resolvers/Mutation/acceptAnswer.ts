import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { acceptAnswer as acceptAnswerOperation } from "../../domain/answers.js";
import { answerId } from "../../domain/validation.js";

export const acceptAnswer: MutationResolvers["acceptAnswer"] = (_p, { id }, ctx) => acceptAnswerOperation(ctx, answerId(id));
