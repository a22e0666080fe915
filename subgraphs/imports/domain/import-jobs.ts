import type { Job } from "../../../generated/prisma/client.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";

export const DESIGN_IMPORT = "design_import";
export const URL_IMPORT = "url_import";

/** What a job of either kind was asked: the new designs' title and the caller's team. */
export interface ImportInput {
  title: string;
  teamId: string;
  /** The caller's word on the type (`mime_type`); the content decides. */
  mimeType?: string | null;
}

/** What a successful import job leaves in `jobs.result`. */
export interface ImportResult {
  designIds: string[];
}

export function resultDesignIds(job: Job): string[] {
  return job.status === "success" ? ((job.result as unknown as ImportResult | null)?.designIds ?? []) : [];
}

/** The documented failure of a file that is not one the platform can import, or is damaged. */
export function invalidFile(message: string): PermanentJobError {
  return new PermanentJobError("invalid_file", message);
}

export function tooBig(limit: number): PermanentJobError {
  return new PermanentJobError("file_too_big", `The file is larger than the ${Math.floor(limit / (1024 * 1024))} MB limit`);
}
