import type { Job } from "../../../generated/prisma/client.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { ImportsContext } from "../context.js";
import { resultDesignIds, type ImportResult } from "../domain/import-jobs.js";

/** Fields both import job kinds share: the designs made on success, the error on failure. */
export function importJobFields(kind: string) {
  return {
    __resolveReference: async (reference: { id: string }, ctx: ImportsContext) => {
      const principal = requireDesignPrincipal(ctx.auth, ["design:content:write"]);
      const job = await ctx.loaders.jobById.load(reference.id);
      return job && job.kind === kind && job.ownerId === principal.userId ? job : null;
    },
    result: (job: Job): ImportResult | null => (job.status === "success" ? { designIds: resultDesignIds(job) } : null),
    error: (job: Job) => (job.status === "failed" && job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null),
  };
}
