import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../lib/errors.js";

export interface RenderedError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The business platform's error bodies: `{ field, message }` for invalid input, `{ error }` otherwise,
 * with the status carried by the error (`extensions.http.status`).
 */
export function renderBusinessError(error: GraphQLFormattedError, fieldNames: Record<string, string> = {}): RenderedError {
  const status = statusForError(error);
  const field = error.extensions?.field;
  if (typeof field === "string") return { status, body: { field: fieldNames[field] ?? field, message: error.message } };
  return { status, body: { error: error.message }, headers: retryAfterHeader(error) };
}

/** `Retry-After` for a rate-limited request (both platforms). */
export function retryAfterHeader(error: GraphQLFormattedError): Record<string, string> | undefined {
  const retryAfter = error.extensions?.retryAfter;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
}
