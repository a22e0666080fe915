import { CID } from "multiformats/cid";
import { ValidationError } from "../../../lib/errors.js";
import { parseId } from "../../../lib/validation.js";

export const MAX_NAME = 255;
export const MAX_DESCRIPTION = 10_000;
export const MAX_REASON = 2_000;
export const MAX_ORDER_NUMBER = 50;
const MAX_CID = 100;
/** Hours are DECIMAL(5,2): at most 999.99. */
const MAX_HOURS = 999.99;

export const projectId = (raw: unknown, field = "id") => parseId(raw, field, "Invalid project ID");
export const taskId = (raw: unknown) => parseId(raw, "id", "Invalid task ID");
export const workOrderId = (raw: unknown) => parseId(raw, "id", "Invalid work order ID");
export const projectRequestId = (raw: unknown) => parseId(raw, "id", "Invalid project request ID");

/** A content identifier, CIDv0 (base58btc `Qm…`) or CIDv1 (multibase, e.g. `bafy…`). */
export function optionalCid(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null || value.trim() === "") return value === undefined ? undefined : null;
  const text = value.trim();
  try {
    if (text.length <= MAX_CID) {
      CID.parse(text);
      return text;
    }
  } catch {
    /* not a CID: refused below */
  }
  throw new ValidationError(field, `${field} is not a valid content identifier (CID)`);
}

export function optionalHours(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  const hours = Number(value);
  if (hours < 0 || hours > MAX_HOURS) throw new ValidationError(field, `${field} must be between 0 and ${MAX_HOURS}`);
  return value;
}

export function checkDateRange(start: Date | null | undefined, end: Date | null | undefined): void {
  if (start && end && end < start) throw new ValidationError("endDate", "endDate must not be before startDate");
}
