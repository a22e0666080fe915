import { PermanentJobError } from "../../../lib/jobs/errors.js";

export function importFailed(message: string): PermanentJobError {
  return new PermanentJobError("import_failed", message);
}

export function tooBig(limit: number): PermanentJobError {
  return new PermanentJobError("file_too_big", `The file is larger than the ${Math.floor(limit / (1024 * 1024))} MB limit`);
}
