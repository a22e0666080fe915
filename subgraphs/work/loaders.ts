import DataLoader from "dataloader";
import type { PrismaClient, Project, Task, WorkOrder } from "../../generated/prisma/client.js";
import { byIdOrNull, groupByKey } from "../../lib/db/group-by-key.js";

export interface WorkLoaders {
  projectById: DataLoader<number, Project | null>;
  taskById: DataLoader<number, Task | null>;
  workOrderById: DataLoader<number, WorkOrder | null>;
  tasksByProjectId: DataLoader<number, Task[]>;
  workOrdersByProjectId: DataLoader<number, WorkOrder[]>;
  approvedProjectsByClientId: DataLoader<number, Project[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): WorkLoaders {
  return {
    projectById: new DataLoader((ids) => db.project.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    taskById: new DataLoader((ids) => db.task.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    workOrderById: new DataLoader((ids) => db.workOrder.findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids))),
    tasksByProjectId: new DataLoader(async (projectIds) => {
      const tasks = await db.task.findMany({
        where: { projectId: { in: [...projectIds] } },
        orderBy: [{ priority: "desc" }, { id: "asc" }],
      });
      return groupByKey(tasks, projectIds, (task) => task.projectId);
    }),
    workOrdersByProjectId: new DataLoader(async (projectIds) => {
      const orders = await db.workOrder.findMany({ where: { projectId: { in: [...projectIds] } }, orderBy: { id: "asc" } });
      return groupByKey(orders, projectIds, (order) => order.projectId);
    }),
    approvedProjectsByClientId: new DataLoader(async (clientIds) => {
      const projects = await db.project.findMany({
        where: { clientId: { in: [...clientIds] }, approvalStatus: "APPROVED" },
        orderBy: { id: "asc" },
      });
      return groupByKey(projects, clientIds, (project) => project.clientId);
    }),
  };
}
