import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteWorkOrder as deleteWorkOrderOperation } from "../../domain/work-orders.js";
import { workOrderId } from "../../domain/validation.js";

export const deleteWorkOrder: MutationResolvers["deleteWorkOrder"] = (_p, { id }, ctx) => deleteWorkOrderOperation(ctx, workOrderId(id));
