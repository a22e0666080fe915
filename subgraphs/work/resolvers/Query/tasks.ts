import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listTasks } from "../../domain/tasks.js";
import { projectId } from "../../domain/validation.js";

export const tasks: QueryResolvers["tasks"] = (_p, { projectId: raw }, ctx) =>
  listTasks(ctx, raw === undefined || raw === null ? undefined : projectId(raw, "projectId"));
