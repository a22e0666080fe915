import type { Job } from "../../../generated/prisma/client.js";
import { jobErrorCodes } from "../../../lib/jobs/error-codes.js";
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

/**
 * Why an import job (by bytes or by URL) fails, in the words of the specification's DesignImportErrorCode.
 * A file too big to import is an `invalid_file` (the enum has no size code); the throttling and
 * duplicate codes are the platform's own and never produced here.
 */
export const IMPORT_ERROR_CODES = jobErrorCodes({
  documented: ["design_creation_throttled", "design_import_throttled", "duplicate_import", "internal_error", "invalid_file", "fetch_failed"],
  unexpected: "internal_error",
  failures: {
    /** Not a PDF, PPTX or image, damaged, or past a reading budget. */
    unreadable: "invalid_file",
    /** More bytes than IMPORT_MAX_BYTES, sent or fetched. */
    tooBig: "invalid_file",
    /** The URL was refused (not public, not http(s)), unreachable, too slow, or answered an error. */
    fetchFailed: "fetch_failed",
  },
});

/** The documented failure of a file that is not one the platform can import, or is damaged. */
export function invalidFile(message: string): PermanentJobError {
  return new PermanentJobError(IMPORT_ERROR_CODES.failures.unreadable, message);
}

export function tooBig(limit: number): PermanentJobError {
  const size = limit >= 1024 * 1024 ? `${Math.floor(limit / (1024 * 1024))} MB` : `${Math.floor(limit / 1024)} KB`;
  return new PermanentJobError(IMPORT_ERROR_CODES.failures.tooBig, `The file is too big to import: it is larger than the ${size} limit (IMPORT_MAX_BYTES)`);
}

export const fetchFailed = (message: string) => new PermanentJobError(IMPORT_ERROR_CODES.failures.fetchFailed, message);
