import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateWorkOrder as updateWorkOrderOperation } from "../../domain/work-orders.js";
import { workOrderId } from "../../domain/validation.js";

export const updateWorkOrder: MutationResolvers["updateWorkOrder"] = (_p, { id, input }, ctx) => updateWorkOrderOperation(ctx, workOrderId(id), input);
