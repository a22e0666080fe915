import type DataLoader from "dataloader";
import type { PrismaClient, Project, Task, WorkOrder } from "../../generated/prisma/client.js";
import { groupLoader, loadersByColumns, sharedIdLoader } from "../../lib/db/loaders.js";
import type { ColumnSelection } from "../../lib/graphql/selected-columns.js";

export interface WorkLoaders {
  projectById: DataLoader<number, Project | null>;
  taskById: DataLoader<number, Task | null>;
  workOrderById: DataLoader<number, WorkOrder | null>;
  /** A project's tasks, with the columns a query reads (every column when none is given). */
  tasksByProjectId: (columns?: ColumnSelection) => DataLoader<number, Task[]>;
  workOrdersByProjectId: DataLoader<number, WorkOrder[]>;
  approvedProjectsByClientId: DataLoader<number, Project[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): WorkLoaders {
  return {
    projectById: sharedIdLoader(db.project),
    taskById: sharedIdLoader(db.task),
    workOrderById: sharedIdLoader(db.workOrder),
    tasksByProjectId: loadersByColumns((select) => groupLoader(db.task, "projectId", { orderBy: [{ priority: "desc" }, { id: "asc" }], select })),
    workOrdersByProjectId: groupLoader(db.workOrder, "projectId", { orderBy: { id: "asc" } }),
    approvedProjectsByClientId: groupLoader(db.project, "clientId", {
      where: { approvalStatus: "APPROVED" },
      orderBy: { id: "asc" },
    }),
  };
}
