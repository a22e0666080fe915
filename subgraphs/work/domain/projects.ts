import type { Prisma, Project } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { ColumnSelection } from "../../../lib/graphql/selected-columns.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { optionalId, optionalText, refuseNull, requiredText } from "../../../lib/validation.js";
import type { ProjectInput } from "../__generated__/resolvers-types.js";
import { requireExistingUsers } from "../../accounts/public.js";
import type { WorkContext } from "../context.js";
import { isStaff, loadAccessibleProject, requireStaff } from "./access.js";
import { projectStatus } from "./overview-names.js";
import { MAX_DESCRIPTION, MAX_NAME, checkDateRange, optionalCid } from "./validation.js";

/** The writable fields of a project, checked; `undefined` means "leave as is". */
function projectChanges(input: ProjectInput, existing?: Project): Prisma.ProjectUncheckedUpdateInput {
  refuseNull(input, ["status"]);
  const status = projectStatus(input.status);
  if (status === "PENDING_APPROVAL" && existing?.status !== "PENDING_APPROVAL") {
    throw new ValidationError("status", "status PENDING_APPROVAL is set only by a project request");
  }
  const changes: Prisma.ProjectUncheckedUpdateInput = {
    name: input.name === undefined && existing ? undefined : requiredText(input.name, "name", MAX_NAME),
    description: optionalText(input.description, "description", MAX_DESCRIPTION),
    status: status ?? undefined,
    clientId: optionalId(input.clientId, "clientId"),
    ipfsMetadataCid: optionalCid(input.ipfsMetadataCid, "ipfsMetadataCid"),
    startDate: input.startDate,
    endDate: input.endDate,
  };
  const start = input.startDate === undefined ? existing?.startDate : input.startDate;
  const end = input.endDate === undefined ? existing?.endDate : input.endDate;
  checkDateRange(start, end);
  return changes;
}

/** Approved projects; a CLIENT sees their own only. */
/** The approved projects the caller may see; with `columns`, only those columns are read. */
export async function listProjects(ctx: WorkContext, columns?: ColumnSelection): Promise<Project[]> {
  const principal = requirePrincipal(ctx.auth);
  const args: Prisma.ProjectFindManyArgs = {
    where: { approvalStatus: "APPROVED", ...(isStaff(principal) ? {} : { clientId: principal.userId }) },
    orderBy: { id: "asc" },
    ...(columns && { select: columns.select }),
  };
  return ctx.db.project.findMany(args);
}

export function getProject(ctx: WorkContext, id: number): Promise<Project> {
  return loadAccessibleProject(ctx, id);
}

/** Created by staff: approved at once, the creator as requester and approver. */
export async function createProject(ctx: WorkContext, input: ProjectInput): Promise<Project> {
  const principal = requireStaff(ctx);
  const changes = projectChanges(input);
  await requireExistingUsers(ctx.db, { clientId: changes.clientId as number | null | undefined });
  return ctx.db.project.create({
    data: {
      ...(changes as Prisma.ProjectUncheckedCreateInput),
      requestedById: principal.userId,
      approvedById: principal.userId,
      approvalStatus: "APPROVED",
      approvalDate: new Date(),
    },
  });
}

/** Staff may change everything; the project's client everything but its client and status. */
export async function updateProject(ctx: WorkContext, id: number, input: ProjectInput): Promise<Project> {
  const principal = requirePrincipal(ctx.auth);
  const existing = await ctx.loaders.projectById.load(id);
  if (!existing) throw new NotFoundError("Project not found");
  const staff = isStaff(principal);
  if (!staff && existing.clientId !== principal.userId) {
    throw new ForbiddenError("Forbidden: you do not have access to this project");
  }
  const changes = projectChanges(input, existing);
  if (!staff) {
    const changesClient = changes.clientId !== undefined && changes.clientId !== existing.clientId;
    const changesStatus = changes.status !== undefined && changes.status !== existing.status;
    if (changesClient || changesStatus) throw new ForbiddenError("Insufficient permissions");
  }
  // A client kept as it is stays, so a project's GET body can always be sent back.
  if (changes.clientId !== existing.clientId) await requireExistingUsers(ctx.db, { clientId: changes.clientId as number | null | undefined });
  return ctx.db.project.update({ where: { id }, data: changes });
}

export async function deleteProject(ctx: WorkContext, id: number): Promise<{ id: number }> {
  requireStaff(ctx);
  const deleted = await ctx.db.project.deleteMany({ where: { id } });
  if (deleted.count === 0) throw new NotFoundError("Project not found");
  return { id };
}
