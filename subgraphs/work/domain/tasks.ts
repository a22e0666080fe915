import type { Prisma, Task, TaskStatus } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { NotFoundError } from "../../../lib/errors.js";
import { optionalId, optionalText, refuseNull, requiredText, requireField, validateId } from "../../../lib/validation.js";
import type { TaskInput } from "../__generated__/resolvers-types.js";
import { requireExistingUsers } from "../../accounts/public.js";
import type { WorkContext } from "../context.js";
import { isStaff, loadAccessibleProject, requireStaff } from "./access.js";
import { MAX_DESCRIPTION, MAX_NAME, optionalHours } from "./validation.js";

async function requireProject(ctx: WorkContext, id: number): Promise<void> {
  if (!(await ctx.loaders.projectById.load(validateId(id, "projectId")))) throw new NotFoundError("Project not found");
}

/** `completedAt` follows the status: set on entering COMPLETED, kept while it stays, cleared on leaving. */
function completion(next: TaskStatus | undefined, existing?: Task): { completedAt?: Date | null } {
  if (next === undefined || next === existing?.status) return {};
  return { completedAt: next === "COMPLETED" ? new Date() : null };
}

function taskChanges(input: TaskInput, existing?: Task): Prisma.TaskUncheckedUpdateInput {
  refuseNull(input, ["status", "priority", "projectId"]);
  return {
    projectId: input.projectId ?? undefined,
    title: input.title === undefined && existing ? undefined : requiredText(input.title, "title", MAX_NAME),
    description: optionalText(input.description, "description", MAX_DESCRIPTION),
    status: input.status ?? undefined,
    assigneeId: optionalId(input.assigneeId, "assigneeId"),
    dueDate: input.dueDate,
    priority: input.priority ?? undefined,
    estimatedHours: optionalHours(input.estimatedHours, "estimatedHours"),
    actualHours: optionalHours(input.actualHours, "actualHours"),
    ...completion(input.status ?? undefined, existing),
  };
}

/** Tasks the caller may see: staff all, a CLIENT those of projects they are client or requester of. */
export async function listTasks(ctx: WorkContext, projectId: number | undefined): Promise<Task[]> {
  const principal = requirePrincipal(ctx.auth);
  if (projectId !== undefined) await loadAccessibleProject(ctx, projectId);
  const visible = isStaff(principal)
    ? {}
    : { project: { OR: [{ clientId: principal.userId }, { requestedById: principal.userId }] } };
  return ctx.db.task.findMany({
    where: { ...visible, ...(projectId !== undefined ? { projectId } : {}) },
    orderBy: [{ priority: "desc" }, { id: "asc" }],
  });
}

export async function getTask(ctx: WorkContext, id: number): Promise<Task> {
  requirePrincipal(ctx.auth);
  const task = await ctx.loaders.taskById.load(id);
  if (!task) throw new NotFoundError("Task not found");
  await loadAccessibleProject(ctx, task.projectId, "task");
  return task;
}

export async function createTask(ctx: WorkContext, input: TaskInput): Promise<Task> {
  requireStaff(ctx);
  const projectId = requireField(input.projectId, "projectId");
  const changes = taskChanges(input);
  await requireProject(ctx, projectId);
  await requireExistingUsers(ctx.db, { assigneeId: changes.assigneeId as number | null | undefined });
  return ctx.db.task.create({ data: { ...(changes as Prisma.TaskUncheckedCreateInput), projectId } });
}

export async function updateTask(ctx: WorkContext, id: number, input: TaskInput): Promise<Task> {
  requireStaff(ctx);
  const existing = await ctx.db.task.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError("Task not found");
  const changes = taskChanges(input, existing);
  if (input.projectId !== undefined && input.projectId !== null && input.projectId !== existing.projectId) {
    await requireProject(ctx, input.projectId);
  }
  if (changes.assigneeId !== existing.assigneeId) await requireExistingUsers(ctx.db, { assigneeId: changes.assigneeId as number | null | undefined });
  return ctx.db.task.update({ where: { id }, data: changes });
}

export async function deleteTask(ctx: WorkContext, id: number): Promise<{ id: number }> {
  requireStaff(ctx);
  const deleted = await ctx.db.task.deleteMany({ where: { id } });
  if (deleted.count === 0) throw new NotFoundError("Task not found");
  return { id };
}

