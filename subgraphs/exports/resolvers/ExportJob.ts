import type { Job } from "../../../generated/prisma/client.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { jobError, ownJob } from "../../../lib/jobs/creators-jobs.js";
import type { ExportJobResolvers } from "../__generated__/resolvers-types.js";
import { DESIGN_EXPORT, DOWNLOAD_URL_SECONDS, type ExportResult } from "../domain/export-jobs.js";

export const ExportJob: ExportJobResolvers = {
  __resolveReference: (reference, ctx) => ownJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth, ["design:content:read"]).userId, reference.id, DESIGN_EXPORT),
  /** Signed from the moment the export finished, so every read hands out the same 24 hours. */
  urls: (job: Job, _args, ctx) => {
    if (job.status !== "success") return null;
    const { files } = job.result as unknown as ExportResult;
    return Promise.all(files.map((key) => ctx.files.downloadUrl(key, DOWNLOAD_URL_SECONDS, job.updatedAt.getTime())));
  },
  error: jobError,
};
