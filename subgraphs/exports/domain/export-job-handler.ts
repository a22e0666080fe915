import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { ValidationError } from "../../../lib/errors.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import type { Logger } from "../../../lib/logger.js";
import type { FileService } from "../../../lib/storage/file-service.js";
import { abandonedRender, designDrawing, type DesignDrawing } from "../../designs/public.js";
import type { ExportsSettings } from "../settings.js";
import type { DrawnPages, ExportFile } from "./encoders/export-file.js";
import { gifFile } from "./encoders/gif.js";
import { mp4File } from "./encoders/mp4.js";
import { pdfFile } from "./encoders/pdf.js";
import { pptxFile } from "./encoders/pptx.js";
import { jpegFiles, pngFiles, stackedPng } from "./encoders/raster.js";
import { inProQuality, type ExportFormat } from "./export-format.js";
import { DESIGN_EXPORT, EXPORT_ERROR_CODES, exportFileKey, exportInputOf, type ExportResult } from "./export-jobs.js";
import { exportPlan, type ExportPlan, type PixelSize } from "./export-plan.js";
import { checkLicenseStillHeld } from "./plan-checks.js";

export interface ExportJobDependencies {
  db: PrismaClient;
  files: FileService;
  log: Logger;
  settings: ExportsSettings;
}

/** The export's files, each given out as soon as it is made: formats of a file per page, and PDF, hold one page at a time. */
async function* encode(format: ExportFormat, pages: DrawnPages, plan: ExportPlan, context: { pageSizes: PixelSize[]; title: string }): AsyncGenerator<ExportFile> {
  switch (format.type) {
    case "pdf":
      return yield* pdfFile(pages, { size: format.size, quality: format.exportQuality, ...context });
    case "png": {
      const options = { lossless: format.lossless, pro: inProQuality(format) };
      if (format.singleImage) return yield* await stackedPng(pages, plan.stacked!, { ...options, transparent: format.transparent });
      return yield* pngFiles(pages, options);
    }
    case "jpg":
      return yield* jpegFiles(pages, { quality: format.quality, pro: inProQuality(format) });
    case "gif":
      return yield* await gifFile(pages, { pro: inProQuality(format) });
    case "pptx":
      return yield* await pptxFile(pages, context);
    case "mp4":
      return yield* await mp4File(pages, plan.targets[0], { pro: inProQuality(format) });
  }
}

/** The plan, checked again in the worker (the design may have changed since the export was asked): past a budget the job fails. */
function plannedWithinBudget(format: ExportFormat, pageSizes: PixelSize[], settings: ExportsSettings): ExportPlan {
  try {
    return exportPlan(format, pageSizes, settings);
  } catch (error) {
    if (error instanceof ValidationError) throw new PermanentJobError(EXPORT_ERROR_CODES.failures.overBudget, error.message);
    throw error;
  }
}

/** The selected pages as they are now (a page removed since the export was asked is left out). */
function pagesNow(drawing: DesignDrawing, numbers: number[]) {
  const pages = drawing.pages.filter((page) => numbers.includes(page.index));
  if (pages.length === 0) throw new PermanentJobError(EXPORT_ERROR_CODES.failures.designGone, "The pages to export no longer exist");
  return pages;
}

/**
 * Draws the design's selected pages in the worker and stores the files under the job: a retried
 * attempt overwrites what an earlier one left, so a worker dying mid-export leaves nothing stuck.
 */
export function exportJobHandler(deps: ExportJobDependencies): JobHandler {
  return async (job: Job) => {
    const input = exportInputOf(job);
    const drawing = await designDrawing({ ...deps, render: deps.settings.render }, input.designId);
    if (!drawing || drawing.design.teamId !== input.teamId) throw new PermanentJobError(EXPORT_ERROR_CODES.failures.designGone, "The design no longer exists");
    await checkLicenseStillHeld(deps.db, input.teamId, input.format);
    const pages = pagesNow(drawing, input.pages);
    const pageSizes = pages.map((page) => ({ width: page.width, height: page.height }));
    const plan = plannedWithinBudget(input.format, pageSizes, deps.settings);
    let lastDrawn = 0;
    const drawn: DrawnPages = {
      targets: plan.targets,
      draw: (index) => {
        lastDrawn = index;
        return drawing.draw(pages[index], plan.targets[index]);
      },
    };
    const keys: string[] = [];
    try {
      for await (const file of encode(input.format, drawn, plan, { pageSizes, title: drawing.design.title })) {
        const key = exportFileKey(job.id, file.name);
        await deps.files.put(key, file.bytes, file.contentType);
        keys.push(key);
      }
    } catch (error) {
      throw renderFailure(error, pages[lastDrawn].index, deps.settings) ?? error;
    }
    return { files: keys } satisfies ExportResult;
  };
}

/** A page's render abandoned (too slow, too large) fails the job at once: another attempt would take as long. */
function renderFailure(error: unknown, pageNumber: number, settings: ExportsSettings): PermanentJobError | undefined {
  const abandoned = abandonedRender(error, settings.render);
  return abandoned && new PermanentJobError(EXPORT_ERROR_CODES.failures.renderAbandoned, `Page ${pageNumber} could not be drawn: ${abandoned.message}`);
}

/** The job kinds of the exports domain, for the workers. */
export const exportJobHandlers = (deps: ExportJobDependencies): Record<string, JobHandler> => ({ [DESIGN_EXPORT]: exportJobHandler(deps) });
