import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getWorkOrder } from "../../domain/work-orders.js";
import { workOrderId } from "../../domain/validation.js";

export const workOrder: QueryResolvers["workOrder"] = (_p, { id }, ctx) => getWorkOrder(ctx, workOrderId(id));
