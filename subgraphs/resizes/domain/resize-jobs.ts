import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import { jobErrorCodes } from "../../../lib/jobs/error-codes.js";
import { resizableDesignId, resizeTarget, type DesignTypeInput, type ResolvedDesignType } from "../../designs/public.js";
import { requireCapability } from "../../identity/public.js";
import type { ResizesContext } from "../context.js";

export const DESIGN_RESIZE = "design_resize";

/**
 * Why a resize job fails, in the words of the specification's DesignResizeErrorCode. Thumbnails are
 * drawn when read and there are no trials, so `thumbnail_generation_error` and `trial_quota_exceeded`
 * are never produced.
 */
export const RESIZE_ERROR_CODES = jobErrorCodes({
  documented: ["thumbnail_generation_error", "design_resize_error", "create_design_error", "trial_quota_exceeded"],
  unexpected: "design_resize_error",
  failures: {
    /** The design was deleted (or trashed) before the job ran. */
    designGone: "design_resize_error",
    /** The copy would hold more than a design may (`DESIGN_ELEMENTS_MAX`, `DESIGN_TEXT_MAX`, …). */
    tooLarge: "create_design_error",
  },
});

/** What a resize job was asked, checked when it was made: the design, the caller's team and the target. */
export interface ResizeInput {
  designId: string;
  teamId: string;
  target: ResolvedDesignType;
}

/** What a successful resize job leaves in `jobs.result`. */
export interface ResizeResult {
  designId: string;
}

/**
 * A resize job of the caller's team's design; every documented rule is checked first (capability,
 * target type and area, the design's team and kind), so a job is made only for a resize that can run.
 */
export async function createResizeJob(ctx: ResizesContext, principal: DesignPrincipal, request: { designId: string; designType: DesignTypeInput }): Promise<Job> {
  await requireCapability(ctx.db, principal.teamId, "resize", "Resizing a design");
  const target = resizeTarget(request.designType);
  const designId = await resizableDesignId(ctx.db, principal.teamId, request.designId);
  const input: ResizeInput = { designId, teamId: principal.teamId, target };
  return enqueueJob(ctx, { kind: DESIGN_RESIZE, ownerId: principal.userId, clientId: principal.clientId, input: { ...input, target: { ...target } } });
}

export function resultDesignId(job: Job): string | undefined {
  return job.status === "success" ? (job.result as unknown as ResizeResult | null)?.designId : undefined;
}
