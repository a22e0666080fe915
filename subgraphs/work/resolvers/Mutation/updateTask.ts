import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateTask as updateTaskOperation } from "../../domain/tasks.js";
import { taskId } from "../../domain/validation.js";

export const updateTask: MutationResolvers["updateTask"] = (_p, { id, input }, ctx) => updateTaskOperation(ctx, taskId(id), input);
