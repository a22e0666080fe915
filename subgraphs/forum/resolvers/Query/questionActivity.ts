import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { activityOf } from "../../domain/events.js";
import { questionId } from "../../domain/validation.js";

/** The twin of the subscription: public, like the question itself. */
export const questionActivity: QueryResolvers["questionActivity"] = (_p, { questionId: id, activityId }, ctx) =>
  activityOf(ctx, questionId(id, "questionId"), activityId);
