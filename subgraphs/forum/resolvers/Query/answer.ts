import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { answerId } from "../../domain/validation.js";

export const answer: QueryResolvers["answer"] = (_p, { id }, ctx) => ctx.loaders.answerById.load(answerId(id));
