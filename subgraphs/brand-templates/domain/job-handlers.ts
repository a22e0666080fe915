import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { assetVisibleToTeam } from "../../assets/public.js";
import { ContentLimitError, createFilledCopy, type ContentBudgets } from "../../designs/public.js";
import { filledAssetIds } from "./autofill-data.js";
import { recordDataset } from "./template-designs.js";
import { AUTOFILL_ERROR_CODES, DESIGN_AUTOFILL, type AutofillInput, type AutofillResult } from "./autofill-jobs.js";

const changedSinceRequest = (message: string) => new PermanentJobError(AUTOFILL_ERROR_CODES.failures.templateChanged, message);

/**
 * Makes the autofilled design. Its id is derived from the job's and it is written all at once, so an
 * attempt resumed after a crash finds the design an earlier attempt made instead of making another.
 * What changed since the request fails the job with `autofill_error`: the template was deleted, or an
 * image asset was trashed or deleted.
 */
function autofillHandler(db: PrismaClient, budgets: ContentBudgets): JobHandler {
  return async (job) => {
    const input = job.input as unknown as AutofillInput;
    const template = await db.brandTemplate.findUnique({ where: { id: input.templateId }, select: { designId: true, fields: true } });
    if (!template) throw changedSinceRequest("The brand template no longer exists");
    for (const assetId of filledAssetIds(input.fills)) {
      if (!(await assetVisibleToTeam(db, assetId, input.teamId))) throw changedSinceRequest(`Asset ${assetId} is no longer available to the team`);
    }
    const designId = await createFilledCopy(db, { id: `DA${job.id}`, sourceId: template.designId, ownerId: job.ownerId, teamId: input.teamId, title: input.title, fills: input.fills, budgets }).catch((error: unknown) => {
      if (error instanceof ContentLimitError) throw new PermanentJobError(AUTOFILL_ERROR_CODES.failures.tooLarge, error.message);
      throw error;
    });
    if (!designId) throw changedSinceRequest("The brand template's pages no longer exist");
    await recordDataset(db, designId, template.fields);
    return { designId } satisfies AutofillResult;
  };
}

/** The job kinds of the brand-templates domain, for the workers. */
export function brandTemplateJobHandlers(db: PrismaClient, budgets: ContentBudgets): Record<string, JobHandler> {
  return { [DESIGN_AUTOFILL]: autofillHandler(db, budgets) };
}
