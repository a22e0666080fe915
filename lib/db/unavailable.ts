/** Prisma's codes for "the server could not be reached / went away / took too long to connect or answer". */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** Driver adapter error kinds with the same meaning. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** PostgreSQL SQLSTATEs: connection exceptions (08…), shutting down / starting up (57P0x), statement timeout (57014). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|57014)$/;
/** Errors `pg` raises without a code when a connection fails or a bound runs out. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|Can't reach database server/i;

/** `error` and what it wraps (its original error, its cause, the driver adapter's error Prisma got), outermost first. */
export function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === "object" && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    const next = current as { originalError?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    current = next.originalError ?? next.cause ?? next.meta?.driverAdapterError;
  }
  return chain;
}

/**
 * True when `error` (or what it wraps) says the database cannot be used right now: not reachable,
 * connection lost, or a connect / statement bound ran out. Such failures answer 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some((cause) => {
    const { code, kind, originalCode, message } = cause as { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
    if (kind === "postgres" && typeof code === "string" && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof originalCode === "string" && UNAVAILABLE_SQLSTATE.test(originalCode)) return true;
    return typeof message === "string" && DRIVER_MESSAGES.test(message);
  });
}

/** What a client is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
