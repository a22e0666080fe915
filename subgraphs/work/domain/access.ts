import type { Project } from "../../../generated/prisma/client.js";
import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import { isStaff, requirePrincipal, requireStaff as requireStaffAuth } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import type { WorkContext } from "../context.js";

export { isStaff };

/** STAFF, ADMIN and SUPERUSER manage projects, tasks and work orders. */
export function requireStaff(ctx: WorkContext): BusinessPrincipal {
  return requireStaffAuth(ctx.auth);
}

/** A project is open to its client, its requester, and staff. */
export function canAccessProject(principal: BusinessPrincipal, project: Project): boolean {
  return isStaff(principal) || project.clientId === principal.userId || project.requestedById === principal.userId;
}

/** The project, if it exists and the caller may see it; `subject` names what was asked for in the 403. */
export async function loadAccessibleProject(ctx: WorkContext, id: number, subject = "project"): Promise<Project> {
  const principal = requirePrincipal(ctx.auth);
  const project = await ctx.loaders.projectById.load(id);
  if (!project) throw new NotFoundError("Project not found");
  if (!canAccessProject(principal, project)) throw new ForbiddenError(`Forbidden: you do not have access to this ${subject}`);
  return project;
}
