import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listWorkOrders } from "../../domain/work-orders.js";
import { projectId } from "../../domain/validation.js";

export const workOrders: QueryResolvers["workOrders"] = (_p, { projectId: raw }, ctx) =>
  listWorkOrders(ctx, raw === undefined || raw === null ? undefined : projectId(raw, "projectId"));
