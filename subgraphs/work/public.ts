import type { PrismaClient } from "../../generated/prisma/client.js";
import type { BusinessPrincipal } from "../../lib/auth/business-token.js";
import { ValidationError } from "../../lib/errors.js";
import { canAccessProject } from "./domain/access.js";

/** What other domains may ask of the work domain: whether a project they are about to point at is there for the caller. */

/**
 * Refuses (400 naming `field`) a project id that names no project, or one the caller may not see:
 * both answer alike, so the refusal tells nothing about projects the caller cannot see.
 */
export async function requireVisibleProject(db: PrismaClient, principal: BusinessPrincipal, field: string, id: number | null | undefined): Promise<void> {
  if (typeof id !== "number") return;
  const project = await db.project.findUnique({ where: { id } });
  if (!project || !canAccessProject(principal, project)) throw new ValidationError(field, "no project you can see has this id");
}
