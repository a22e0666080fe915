import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { UPLOAD_ERROR_CODES } from "./upload-jobs.js";

export function importFailed(message: string): PermanentJobError {
  return new PermanentJobError(UPLOAD_ERROR_CODES.failures.unreadable, message);
}

export function tooBig(limit: number): PermanentJobError {
  return new PermanentJobError(UPLOAD_ERROR_CODES.failures.tooBig, `The file is larger than the ${Math.floor(limit / (1024 * 1024))} MB limit`);
}

export const fetchFailed = (message: string) => new PermanentJobError(UPLOAD_ERROR_CODES.failures.fetchFailed, message);
