import type { ProjectStatus } from "../../../generated/prisma/client.js";
import type { ProjectInput } from "../__generated__/resolvers-types.js";

/** The business platform overview's name for a status the service reference calls otherwise: ARCHIVED is CANCELLED. */
export function projectStatus(status: ProjectInput["status"]): ProjectStatus | null | undefined {
  return status === "ARCHIVED" ? "CANCELLED" : status;
}
