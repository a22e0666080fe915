import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getTask } from "../../domain/tasks.js";
import { taskId } from "../../domain/validation.js";

export const task: QueryResolvers["task"] = (_p, { id }, ctx) => getTask(ctx, taskId(id));
