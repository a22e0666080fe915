import type { Job } from "../../../generated/prisma/client.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { jobError, ownJob } from "../../../lib/jobs/creators-jobs.js";
import type { ImportsContext } from "../context.js";
import { resultDesignIds, type ImportResult } from "../domain/import-jobs.js";

/** Fields both import job kinds share: the designs made on success, the error on failure. */
export function importJobFields(kind: string) {
  return {
    __resolveReference: (reference: { id: string }, ctx: ImportsContext) =>
      ownJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth, ["design:content:write"]).userId, reference.id, kind),
    result: (job: Job): ImportResult | null => (job.status === "success" ? { designIds: resultDesignIds(job) } : null),
    error: jobError,
  };
}
