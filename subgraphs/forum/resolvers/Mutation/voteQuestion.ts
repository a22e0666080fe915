import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { questionId } from "../../domain/validation.js";
import { voteQuestion as voteQuestionOperation } from "../../domain/votes.js";

export const voteQuestion: MutationResolvers["voteQuestion"] = (_p, { id, voteType }, ctx) => voteQuestionOperation(ctx, questionId(id), voteType);
