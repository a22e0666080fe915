import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { ContentLimitError, createResizedCopy, type ContentBudgets } from "../../designs/public.js";
import { DESIGN_RESIZE, RESIZE_ERROR_CODES, type ResizeInput, type ResizeResult } from "./resize-jobs.js";

/**
 * Makes the resized copy. Its id is derived from the job's, and the copy is written all at once, so
 * an attempt resumed after a crash finds the copy an earlier attempt made instead of making another.
 */
function resizeHandler(db: PrismaClient, budgets: ContentBudgets): JobHandler {
  return async (job) => {
    const input = job.input as unknown as ResizeInput;
    const designId = await createResizedCopy(db, { id: `DR${job.id}`, sourceId: input.designId, ownerId: job.ownerId, teamId: input.teamId, target: input.target, budgets }).catch((error: unknown) => {
      if (error instanceof ContentLimitError) throw new PermanentJobError(RESIZE_ERROR_CODES.failures.tooLarge, error.message);
      throw error;
    });
    if (!designId) throw new PermanentJobError(RESIZE_ERROR_CODES.failures.designGone, "The design to resize no longer exists");
    return { designId } satisfies ResizeResult;
  };
}

/** The job kinds of the resizes domain, for the workers. */
export function resizeJobHandlers(db: PrismaClient, budgets: ContentBudgets): Record<string, JobHandler> {
  return { [DESIGN_RESIZE]: resizeHandler(db, budgets) };
}
