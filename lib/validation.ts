import { ValidationError } from "./errors.js";

/** Shared input checks; each failure names the field it is about. */

/** Design-platform resource ids in a path: `^[a-zA-Z0-9_-]{1,50}$`. */
export function isResourceId(id: string): boolean {
  return /^[a-zA-Z0-9_-]{1,50}$/.test(id);
}

export function requireField<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new ValidationError(field, `${field} is required`);
  return value;
}

/** A path or filter id given as `ID` (string or number): a positive 32-bit integer, else `message`. */
export function parseId(raw: unknown, field: string, message: string): number {
  const text = typeof raw === "number" ? String(raw) : raw;
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) throw new ValidationError(field, message);
  const id = Number(text);
  if (id <= 0 || id > 2_147_483_647) throw new ValidationError(field, message);
  return id;
}

export function validateId(id: number, field: string): number {
  if (!Number.isInteger(id) || id <= 0) throw new ValidationError(field, `${field} must be a positive integer`);
  return id;
}

/** Trimmed text of at most `max` characters; empty is refused. */
export function requiredText(value: string | null | undefined, field: string, max: number): string {
  const text = requireField(value, field).trim();
  if (text.length === 0) throw new ValidationError(field, `${field} is required`);
  if ([...text].length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return text;
}

/** Optional text: `undefined` stays undefined (unchanged), `null` or blank becomes null (cleared). */
export function optionalText(value: string | null | undefined, field: string, max: number): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === "") return null;
  if ([...value].length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return value;
}

/** `undefined` stays undefined; `null` clears; otherwise a positive id. */
export function optionalId(value: number | null | undefined, field: string): number | null | undefined {
  return value === undefined || value === null ? value : validateId(value, field);
}

/** Fields that may be left out of an update but never cleared: an explicit `null` is refused. */
export function refuseNull<T extends object>(input: T, fields: (keyof T & string)[]): void {
  for (const field of fields) if (input[field] === null) throw new ValidationError(field, `${field} cannot be empty`);
}
