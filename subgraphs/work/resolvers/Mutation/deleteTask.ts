import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteTask as deleteTaskOperation } from "../../domain/tasks.js";
import { taskId } from "../../domain/validation.js";

export const deleteTask: MutationResolvers["deleteTask"] = (_p, { id }, ctx) => deleteTaskOperation(ctx, taskId(id));
