import { Prisma } from "../../generated/prisma/client.js";
import { modelColumns } from "../../lib/graphql/selected-columns.js";

/** The columns read by the fields of `Project` that have resolvers: a list of projects reads only what its query asks for. */
export const PROJECT_COLUMNS = modelColumns(Prisma.ProjectScalarFieldEnum, {
  client: ["clientId"],
  requestedBy: ["requestedById"],
  approvedBy: ["approvedById"],
  tasks: [],
  workOrders: [],
});

/** The columns read by the fields of `Task` that have resolvers. */
export const TASK_COLUMNS = modelColumns(Prisma.TaskScalarFieldEnum, {
  project: ["projectId"],
  assignee: ["assigneeId"],
});
