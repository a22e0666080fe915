import { causesOf, isDatabaseUnavailable } from "./db/unavailable.js";

/** A store the platform needs besides the database (the blob store) cannot be reached or answers that it cannot serve now. */
export class StoreUnavailableError extends Error {
  readonly store: string;

  constructor(store: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.store = store;
  }
}

/**
 * True when the database or another store the work needs (the blob store) cannot be used right now:
 * requests answer 503 with `Retry-After`, and job workers hand the job back and wait, the attempt uncounted.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  return isDatabaseUnavailable(error) || causesOf(error).some((cause) => cause instanceof StoreUnavailableError);
}
