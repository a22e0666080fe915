import type { WorkOrder } from "../../../generated/prisma/client.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { optionalId, optionalText, requiredText, requireField, validateId } from "../../../lib/validation.js";
import type { WorkOrderInput } from "../__generated__/resolvers-types.js";
import { requireExistingUsers } from "../../accounts/public.js";
import type { WorkContext } from "../context.js";
import { requireStaff } from "./access.js";
import { MAX_DESCRIPTION, MAX_NAME, MAX_ORDER_NUMBER, optionalCid } from "./validation.js";

const DUPLICATE_NUMBER = "Work order number already exists";

function workOrderChanges(input: WorkOrderInput, existing?: WorkOrder) {
  return {
    title: input.title === undefined && existing ? undefined : requiredText(input.title, "title", MAX_NAME),
    orderNumber:
      input.orderNumber === undefined && existing ? undefined : requiredText(input.orderNumber, "orderNumber", MAX_ORDER_NUMBER),
    description: optionalText(input.description, "description", MAX_DESCRIPTION),
    ipfsDocumentCid: optionalCid(input.ipfsDocumentCid, "ipfsDocumentCid"),
  };
}

export async function listWorkOrders(ctx: WorkContext, projectId: number | undefined): Promise<WorkOrder[]> {
  requireStaff(ctx);
  return ctx.db.workOrder.findMany({ where: projectId !== undefined ? { projectId } : {}, orderBy: { id: "asc" } });
}

export async function getWorkOrder(ctx: WorkContext, id: number): Promise<WorkOrder> {
  requireStaff(ctx);
  const order = await ctx.loaders.workOrderById.load(id);
  if (!order) throw new NotFoundError("Work order not found");
  return order;
}

export async function createWorkOrder(ctx: WorkContext, input: WorkOrderInput): Promise<WorkOrder> {
  const principal = requireStaff(ctx);
  const projectId = validateId(requireField(input.projectId, "projectId"), "projectId");
  const changes = workOrderChanges(input);
  const createdById = optionalId(input.createdById, "createdById") ?? principal.userId;
  if (!(await ctx.loaders.projectById.load(projectId))) throw new NotFoundError("Project not found");
  await requireExistingUsers(ctx.db, { createdById });
  if (await ctx.db.workOrder.findUnique({ where: { orderNumber: changes.orderNumber! } })) throw new ConflictError(DUPLICATE_NUMBER);
  try {
    return await ctx.db.workOrder.create({
      data: { ...changes, title: changes.title!, orderNumber: changes.orderNumber!, projectId, createdById },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_NUMBER);
    throw error;
  }
}

/** Title, description, order number and document change; the project and creator do not. */
export async function updateWorkOrder(ctx: WorkContext, id: number, input: WorkOrderInput): Promise<WorkOrder> {
  requireStaff(ctx);
  const existing = await ctx.db.workOrder.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError("Work order not found");
  if (input.projectId !== undefined && input.projectId !== null && input.projectId !== existing.projectId) {
    throw new ValidationError("projectId", "the project of a work order cannot change");
  }
  const changes = workOrderChanges(input, existing);
  try {
    return await ctx.db.workOrder.update({ where: { id }, data: changes });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_NUMBER);
    throw error;
  }
}

export async function deleteWorkOrder(ctx: WorkContext, id: number): Promise<{ id: number }> {
  requireStaff(ctx);
  const deleted = await ctx.db.workOrder.deleteMany({ where: { id } });
  if (deleted.count === 0) throw new NotFoundError("Work order not found");
  return { id };
}
