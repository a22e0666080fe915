import type { ProjectResolvers } from "../__generated__/resolvers-types.js";
import { loadAccessibleProject, requireStaff } from "../domain/access.js";
import { userReference } from "../domain/references.js";

export const Project: ProjectResolvers = {
  __resolveReference: (reference, ctx) => loadAccessibleProject(ctx, reference.id),
  client: (project) => userReference(project.clientId),
  requestedBy: (project) => userReference(project.requestedById),
  approvedBy: (project) => userReference(project.approvedById),
  tasks: (project, _args, ctx) => ctx.loaders.tasksByProjectId.load(project.id),
  workOrders: (project, _args, ctx) => {
    requireStaff(ctx);
    return ctx.loaders.workOrdersByProjectId.load(project.id);
  },
};
