import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { answerId } from "../../domain/validation.js";
import { voteAnswer as voteAnswerOperation } from "../../domain/votes.js";

export const voteAnswer: MutationResolvers["voteAnswer"] = (_p, { id, voteType }, ctx) => voteAnswerOperation(ctx, answerId(id), voteType);
