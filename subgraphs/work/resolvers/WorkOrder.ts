import type { WorkOrderResolvers } from "../__generated__/resolvers-types.js";
import { getWorkOrder } from "../domain/work-orders.js";
import { reference } from "../../../lib/graphql/entity-reference.js";

export const WorkOrder: WorkOrderResolvers = {
  __resolveReference: (reference, ctx) => getWorkOrder(ctx, reference.id),
  project: async (order, _args, ctx) => (await ctx.loaders.projectById.load(order.projectId))!,
  createdBy: (order) => reference(order.createdById),
};
