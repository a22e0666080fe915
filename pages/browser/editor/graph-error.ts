/** A failed operation: the graph's `extensions.code` (`NOT_FOUND`, `UNAUTHENTICATED`, `GONE`, …) and its message. */
export class GraphError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
