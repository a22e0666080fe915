import type { WorkOrderResolvers } from "../__generated__/resolvers-types.js";
import { contentOfField } from "../domain/content.js";

export const WorkOrder: WorkOrderResolvers = {
  __resolveReference: (reference) => reference,
  document: (order, _args, ctx) => contentOfField(ctx, order.ipfsDocumentCid),
};
