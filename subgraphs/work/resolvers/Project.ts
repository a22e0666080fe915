import type { ProjectResolvers } from "../__generated__/resolvers-types.js";
import { loadAccessibleProject, requireStaff } from "../domain/access.js";
import { reference } from "../../../lib/graphql/entity-reference.js";
import { selectedColumns } from "../../../lib/graphql/selected-columns.js";
import { TASK_COLUMNS } from "../columns.js";

export const Project: ProjectResolvers = {
  __resolveReference: (reference, ctx) => loadAccessibleProject(ctx, reference.id),
  client: (project) => reference(project.clientId),
  requestedBy: (project) => reference(project.requestedById),
  approvedBy: (project) => reference(project.approvedById),
  tasks: (project, _args, ctx, info) => ctx.loaders.tasksByProjectId(selectedColumns(info, TASK_COLUMNS)).load(project.id),
  workOrders: (project, _args, ctx) => {
    requireStaff(ctx);
    return ctx.loaders.workOrdersByProjectId.load(project.id);
  },
};
