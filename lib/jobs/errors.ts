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
