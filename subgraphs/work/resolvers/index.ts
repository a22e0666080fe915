import { DateScalar, DateTimeResolver, DecimalScalar } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { pendingProjects } from "./Query/pendingProjects.js";
import { project } from "./Query/project.js";
import { projectRequest } from "./Query/projectRequest.js";
import { projectRequests } from "./Query/projectRequests.js";
import { projects } from "./Query/projects.js";
import { task } from "./Query/task.js";
import { tasks } from "./Query/tasks.js";
import { workOrder } from "./Query/workOrder.js";
import { workOrders } from "./Query/workOrders.js";
import { cancelProjectRequest } from "./Mutation/cancelProjectRequest.js";
import { createProject } from "./Mutation/createProject.js";
import { createProjectRequest } from "./Mutation/createProjectRequest.js";
import { createTask } from "./Mutation/createTask.js";
import { createWorkOrder } from "./Mutation/createWorkOrder.js";
import { deleteProject } from "./Mutation/deleteProject.js";
import { deleteTask } from "./Mutation/deleteTask.js";
import { deleteWorkOrder } from "./Mutation/deleteWorkOrder.js";
import { reviewProject } from "./Mutation/reviewProject.js";
import { updateProject } from "./Mutation/updateProject.js";
import { updateTask } from "./Mutation/updateTask.js";
import { updateWorkOrder } from "./Mutation/updateWorkOrder.js";
import { Project } from "./Project.js";
import { Task } from "./Task.js";
import { User } from "./User.js";
import { WorkOrder } from "./WorkOrder.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Date: DateScalar,
  Decimal: DecimalScalar,
  Query: { pendingProjects, project, projectRequest, projectRequests, projects, task, tasks, workOrder, workOrders },
  Mutation: {
    cancelProjectRequest,
    createProject,
    createProjectRequest,
    createTask,
    createWorkOrder,
    deleteProject,
    deleteTask,
    deleteWorkOrder,
    reviewProject,
    updateProject,
    updateTask,
    updateWorkOrder,
  },
  Project,
  Task,
  User,
  WorkOrder,
};
