import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createWorkOrder as createWorkOrderOperation } from "../../domain/work-orders.js";

export const createWorkOrder: MutationResolvers["createWorkOrder"] = (_p, { input }, ctx) => createWorkOrderOperation(ctx, input);
