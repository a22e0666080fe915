import type { Job } from "../../../generated/prisma/client.js";
import { jobErrorCodes } from "../../../lib/jobs/error-codes.js";
import type { ExportFormat } from "./export-format.js";

export const DESIGN_EXPORT = "design_export";

/**
 * Why an export job fails, in the words of the specification's ExportErrorCode. Designs need no
 * reviewer approval here, so `approval_required` is never produced.
 */
export const EXPORT_ERROR_CODES = jobErrorCodes({
  documented: ["license_required", "approval_required", "internal_failure"],
  unexpected: "internal_failure",
  failures: {
    /** A `pro` export whose team's plan lost its premium features between the request and the run. */
    licenseLost: "license_required",
    /** The design, or every page asked, was deleted before the job ran. */
    designGone: "internal_failure",
    /** The design grew past the pixel budgets since the request. */
    overBudget: "internal_failure",
    /** A page's render was abandoned: slower than `DESIGN_RENDER_TIMEOUT_SECONDS`, or larger than `DESIGN_RENDER_MAX_PIXELS`. */
    renderAbandoned: "internal_failure",
  },
});

/** Download URLs of an export stay valid this long after it finished (documented: 24 hours). */
export const DOWNLOAD_URL_SECONDS = 24 * 60 * 60;

/** What an export job was asked: the design, its team then, the format with its defaults, the one-based pages. */
export interface ExportInput {
  designId: string;
  teamId: string;
  format: ExportFormat;
  pages: number[];
}

/** What a successful export leaves in `jobs.result`: its files' blob keys, in order. */
export interface ExportResult {
  files: string[];
}

/** The job's input; a PDF export asked before every format had `exportQuality` kept it as `quality`. */
export function exportInputOf(job: Job): ExportInput {
  const input = job.input as unknown as ExportInput;
  const format = input.format as ExportFormat & { quality?: unknown };
  if (format.type === "pdf" && format.exportQuality === undefined) return { ...input, format: { type: "pdf", size: format.size, exportQuality: format.quality === "pro" ? "pro" : "regular" } };
  return input;
}

/** Where an export's files are stored: under its job, so a retried attempt overwrites its own. */
export const exportFileKey = (jobId: string, name: string) => `exports/${jobId}/${name}`;
