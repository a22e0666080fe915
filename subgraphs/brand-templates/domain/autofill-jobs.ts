import type DataLoader from "dataloader";
import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../../lib/errors.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import { jobErrorCodes } from "../../../lib/jobs/error-codes.js";
import { isResourceId } from "../../../lib/validation.js";
import type { ElementFill } from "../../designs/public.js";
import { requireCapability } from "../../identity/public.js";
import type { BrandTemplatesContext } from "../context.js";
import { checkedFills } from "./autofill-data.js";
import { teamTemplate, templateFields } from "./templates.js";

export const DESIGN_AUTOFILL = "design_autofill";

/**
 * Why an autofill job fails, in the words of the specification's AutofillErrorCode. Thumbnails are
 * drawn when read, designs need no approval and autofill is an enterprise capability without trials,
 * so the other documented codes are never produced.
 */
export const AUTOFILL_ERROR_CODES = jobErrorCodes({
  documented: ["autofill_error", "thumbnail_generation_error", "create_design_error", "design_approval_error", "trial_quota_exceeded"],
  unexpected: "autofill_error",
  failures: {
    /** The template was deleted, its pages are gone, or an image asset was trashed, before the job ran. */
    templateChanged: "autofill_error",
    /** The filled design would hold more than a design may (`DESIGN_ELEMENTS_MAX`, `DESIGN_PAGE_TEXT_MAX`, …). */
    tooLarge: "create_design_error",
  },
});
const TITLE_MAX = 255;

/** What an autofill job was asked, checked when it was made. */
export interface AutofillInput {
  templateId: string;
  teamId: string;
  title: string;
  /** The template snapshot's element id → what fills it. */
  fills: Record<string, ElementFill>;
}

/** What a successful autofill job leaves in `jobs.result`. */
export interface AutofillResult {
  designId: string;
}

/** The new design's title: the template's when none is given, else 1 to 255 characters (a bad request naming `title`). */
function titleOf(given: string | null | undefined, templateTitle: string): string {
  if (given === undefined || given === null) return templateTitle;
  const title = given.trim();
  if (title.length === 0 || [...title].length > TITLE_MAX) throw new BadRequestError(`title must be 1 to ${TITLE_MAX} characters`, { field: "title" });
  return title;
}

/**
 * An autofill job of the caller's team's template; every documented rule is checked first (the
 * `autofill` capability, the template, the title, the data against its dataset), so a job is made
 * only for an autofill that can run.
 */
export async function createAutofillJob(ctx: BrandTemplatesContext, principal: DesignPrincipal, request: { brandTemplateId: string; title?: string | null; data: unknown }): Promise<Job> {
  await requireCapability(ctx.db, principal.teamId, "autofill", "Autofill");
  const template = await teamTemplate(ctx, principal, request.brandTemplateId);
  const title = titleOf(request.title, template.title);
  const fills = await checkedFills(ctx.db, principal.teamId, await templateFields(ctx, template.id), request.data);
  const input: AutofillInput = { templateId: template.id, teamId: principal.teamId, title, fills };
  return enqueueJob(ctx, { kind: DESIGN_AUTOFILL, ownerId: principal.userId, clientId: principal.clientId, input: input as never });
}

/**
 * The autofill job, for its creator only: an unknown id is not found, someone else's job forbidden
 * (documented).
 */
export async function creatorsAutofillJob(jobById: DataLoader<string, Job | null>, userId: number, id: string): Promise<Job> {
  const job = isResourceId(id) ? await jobById.load(id) : null;
  if (!job || job.kind !== DESIGN_AUTOFILL) throw new NotFoundError("Autofill job not found", { entity: "autofill_job" });
  if (job.ownerId !== userId) throw new ForbiddenError("Only the job's creator may read it");
  return job;
}

export function resultDesignId(job: Job): string | undefined {
  return job.status === "success" ? (job.result as unknown as AutofillResult | null)?.designId : undefined;
}
