import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listQuestions } from "../../domain/questions.js";

export const questions: QueryResolvers["questions"] = (_p, filters, ctx) => listQuestions(ctx, filters);
