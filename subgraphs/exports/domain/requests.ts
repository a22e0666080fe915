import type { Job, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import { creatorsJob } from "../../../lib/jobs/creators-jobs.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import { exportFormatsOf, teamDesignPages } from "../../designs/public.js";
import type { ExportsContext } from "../context.js";
import { normalizedFormat, selectedPages, type ExportFormatRequest } from "./export-format.js";
import { DESIGN_EXPORT, type ExportInput } from "./export-jobs.js";
import { exportPlan } from "./export-plan.js";
import { checkPlanAllows } from "./plan-checks.js";
import { takeExportQuota } from "./quotas.js";

/**
 * An export job of a design of the caller's team. Every check comes first — the format and its
 * options, the design, what its type offers, what the plan allows (a transparent PNG, `pro` quality),
 * the pages, the pixel budget — then the quotas; the worker draws the files.
 */
export async function createExportJob(ctx: ExportsContext, principal: DesignPrincipal, request: { designId: string; format: ExportFormatRequest }): Promise<Job> {
  const format = normalizedFormat(request.format);
  const { design, pages } = await teamDesignPages(ctx.db, request.designId, principal.teamId);
  const offered = exportFormatsOf(design);
  if (!offered.includes(format.type)) {
    throw new ValidationError("format.type", `${format.type} export not supported for this design type: it offers ${offered.join(", ")}`);
  }
  await checkPlanAllows(ctx.db, principal.teamId, format);
  const numbers = selectedPages(request.format.pages, pages.length);
  exportPlan(format, numbers.map((number) => pages[number - 1]), ctx.settings);
  const quota = await takeExportQuota(ctx.quotas, design.id, principal.userId);
  const input: ExportInput = { designId: design.id, teamId: principal.teamId, format, pages: numbers };
  try {
    return await enqueueJob(ctx, { kind: DESIGN_EXPORT, ownerId: principal.userId, clientId: principal.clientId, input: input as unknown as Prisma.InputJsonObject });
  } catch (error) {
    await quota.release();
    throw error;
  }
}

/** The export job, for its creator only: anyone else's, like an unknown id, is not found. */
export const creatorsExportJob = (ctx: ExportsContext, principal: DesignPrincipal, id: string): Promise<Job> =>
  creatorsJob(ctx.loaders.jobById, principal.userId, id, DESIGN_EXPORT);
