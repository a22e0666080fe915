/** A failure worth another attempt later (a network blip, a busy dependency). */
export class TransientJobError extends Error {}

/** A failure another attempt cannot fix; `code` is the job's documented error code. */
export class PermanentJobError extends Error {
  readonly code: string;

  constructor(
    code: string,
    message: string,
  ) {
    super(message);
    this.code = code;
  }
}

/**
 * The handler's own retry policy: try again after `delayMs`. A deferral that was no real attempt
 * (the handler chose not to start) does not count against the job's attempts.
 */
export class RetryJobLaterError extends Error {
  readonly delayMs: number;
  readonly countsAsAttempt: boolean;

  constructor(
    message: string,
    delayMs: number,
    countsAsAttempt = true,
  ) {
    super(message);
    this.delayMs = delayMs;
    this.countsAsAttempt = countsAsAttempt;
  }
}
