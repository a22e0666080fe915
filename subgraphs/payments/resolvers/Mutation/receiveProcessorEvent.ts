import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { receiveProcessorEvent as receiveProcessorEventOperation } from "../../domain/processor-events.js";

export const receiveProcessorEvent: MutationResolvers["receiveProcessorEvent"] = (_p, { payload, signature }, ctx) =>
  receiveProcessorEventOperation(ctx, payload, signature);
