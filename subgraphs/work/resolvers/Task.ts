import type { TaskResolvers } from "../__generated__/resolvers-types.js";
import { getTask } from "../domain/tasks.js";
import { reference } from "../../../lib/graphql/entity-reference.js";

export const Task: TaskResolvers = {
  __resolveReference: (reference, ctx) => getTask(ctx, reference.id),
  project: async (task, _args, ctx) => (await ctx.loaders.projectById.load(task.projectId))!,
  assignee: (task) => reference(task.assigneeId),
};
