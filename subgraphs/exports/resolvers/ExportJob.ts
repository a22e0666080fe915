import type { Job } from "../../../generated/prisma/client.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { ExportJobResolvers } from "../__generated__/resolvers-types.js";
import { DESIGN_EXPORT, DOWNLOAD_URL_SECONDS, type ExportResult } from "../domain/export-jobs.js";

export const ExportJob: ExportJobResolvers = {
  __resolveReference: async (reference, ctx) => {
    const principal = requireDesignPrincipal(ctx.auth, ["design:content:read"]);
    const job = await ctx.loaders.jobById.load(reference.id);
    return job && job.kind === DESIGN_EXPORT && job.ownerId === principal.userId ? job : null;
  },
  /** Signed from the moment the export finished, so every read hands out the same 24 hours. */
  urls: (job: Job, _args, ctx) => {
    if (job.status !== "success") return null;
    const { files } = job.result as unknown as ExportResult;
    return files.map((key) => ctx.files.downloadUrl(key, DOWNLOAD_URL_SECONDS, job.updatedAt.getTime()));
  },
  error: (job: Job) => (job.status === "failed" && job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null),
};
