import type { Project } from "../../../generated/prisma/client.js";
import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { requiredText } from "../../../lib/validation.js";
import type { WorkContext } from "../context.js";
import { isStaff, requireStaff } from "./access.js";
import { MAX_DESCRIPTION, MAX_NAME, MAX_REASON } from "./validation.js";

/** Any signed-in user asks for a project; it waits for staff approval. */
export async function createProjectRequest(ctx: WorkContext, input: { name: string; description: string }): Promise<Project> {
  const principal = requirePrincipal(ctx.auth);
  return ctx.db.project.create({
    data: {
      name: requiredText(input.name, "name", MAX_NAME),
      description: requiredText(input.description, "description", MAX_DESCRIPTION),
      status: "PENDING_APPROVAL",
      approvalStatus: "PENDING",
      clientId: principal.userId,
      requestedById: principal.userId,
    },
  });
}

export async function listOwnRequests(ctx: WorkContext): Promise<Project[]> {
  const principal = requirePrincipal(ctx.auth);
  return ctx.db.project.findMany({ where: { requestedById: principal.userId }, orderBy: { id: "desc" } });
}

export async function getProjectRequest(ctx: WorkContext, id: number): Promise<Project> {
  const principal = requirePrincipal(ctx.auth);
  const project = await ctx.loaders.projectById.load(id);
  if (!project) throw new NotFoundError("Project request not found");
  if (!isStaff(principal) && project.requestedById !== principal.userId) {
    throw new ForbiddenError("Forbidden: you do not have access to this project request");
  }
  return project;
}

/** Only the requester, and only while the request is pending. */
export async function cancelProjectRequest(ctx: WorkContext, id: number): Promise<{ id: number }> {
  const principal = requirePrincipal(ctx.auth);
  const project = await ctx.loaders.projectById.load(id);
  if (!project) throw new NotFoundError("Project request not found");
  if (project.requestedById !== principal.userId) {
    throw new ForbiddenError("Forbidden: you can only cancel your own project requests");
  }
  const deleted = await ctx.db.project.deleteMany({ where: { id, requestedById: principal.userId, approvalStatus: "PENDING" } });
  if (deleted.count === 0) throw new ForbiddenError("Cannot cancel: request has already been processed");
  return { id };
}

export async function listPending(ctx: WorkContext): Promise<Project[]> {
  requireStaff(ctx);
  return ctx.db.project.findMany({ where: { approvalStatus: "PENDING" }, orderBy: { id: "asc" } });
}

/** Approve (→ PLANNING / APPROVED) or reject with a reason (→ CANCELLED / REJECTED) a pending request. */
export async function reviewProject(ctx: WorkContext, id: number, action: string, reason: string | null | undefined) {
  const principal = requireStaff(ctx);
  if (action !== "approve" && action !== "reject") {
    throw new ValidationError("action", "Invalid action. Must be 'approve' or 'reject'");
  }
  const rejectionReason = action === "reject" ? reason?.trim() : undefined;
  if (action === "reject" && !rejectionReason) throw new ValidationError("reason", "Rejection reason is required");
  if (rejectionReason && [...rejectionReason].length > MAX_REASON) {
    throw new ValidationError("reason", `reason must be at most ${MAX_REASON} characters`);
  }
  const existing = await ctx.loaders.projectById.load(id);
  if (!existing) throw new NotFoundError("Project not found");
  const decided = await ctx.db.project.updateMany({
    where: { id, approvalStatus: "PENDING" },
    data:
      action === "approve"
        ? { status: "PLANNING", approvalStatus: "APPROVED", approvedById: principal.userId, approvalDate: new Date() }
        : { status: "CANCELLED", approvalStatus: "REJECTED", rejectionReason },
  });
  if (decided.count === 0) throw new BadRequestError("Project is not pending approval");
  const project = await ctx.db.project.findUniqueOrThrow({ where: { id } });
  const message = action === "approve" ? "Project approved successfully" : "Project rejected successfully";
  return { message, project };
}
