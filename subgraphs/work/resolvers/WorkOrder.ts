import type { WorkOrderResolvers } from "../__generated__/resolvers-types.js";
import { getWorkOrder } from "../domain/work-orders.js";
import { userReference } from "../domain/references.js";

export const WorkOrder: WorkOrderResolvers = {
  __resolveReference: (reference, ctx) => getWorkOrder(ctx, reference.id),
  project: async (order, _args, ctx) => (await ctx.loaders.projectById.load(order.projectId))!,
  createdBy: (order) => userReference(order.createdById),
};
