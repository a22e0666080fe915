import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createTask as createTaskOperation } from "../../domain/tasks.js";

export const createTask: MutationResolvers["createTask"] = (_p, { input }, ctx) => createTaskOperation(ctx, input);
