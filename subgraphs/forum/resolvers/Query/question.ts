import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { questionId } from "../../domain/validation.js";

export const question: QueryResolvers["question"] = (_p, { id }, ctx) => ctx.loaders.questionById.load(questionId(id));
