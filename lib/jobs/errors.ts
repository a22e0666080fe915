/** A failure worth another attempt later (a network blip, a busy dependency). */
export class TransientJobError extends Error {}

/** A failure another attempt cannot fix; `code` is the job's documented error code. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The handler's own retry policy: try again after `delayMs`. A deferral that was no real attempt
 * (the handler chose not to start) does not count against the job's attempts.
 */
export class RetryJobLaterError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    readonly countsAsAttempt = true,
  ) {
    super(message);
  }
}
