import { telemetry } from "../telemetry/hooks.js";

interface PostgresErrorCause {
  kind: string;
  code?: string;
  message?: string;
  detail?: string;
  column?: string;
}

/** Counts the SQL statements sent through Prisma (the N+1 tests and the benchmark read it). */
export interface StatementCounter {
  count: number;
}

function constraintFields(detail: string | undefined) {
  const fields = detail?.match(/Key \(([^)]+)\)/)?.[1]?.split(", ");
  return fields ? { fields } : undefined;
}

/**
 * The PGlite adapter reports every database error as a raw `postgres` error, so Prisma cannot turn a
 * unique violation into P2002 (and so on) as it does on PostgreSQL. This gives its errors the same
 * kinds `@prisma/adapter-pg` gives them, so both databases fail the same way.
 */
function translate(cause: PostgresErrorCause): object {
  const original = { originalCode: cause.code, originalMessage: cause.message };
  switch (cause.code) {
    case "22001":
      return { ...original, kind: "LengthMismatch", column: cause.column };
    case "22003":
      return { ...original, kind: "ValueOutOfRange", cause: cause.message };
    case "23505":
      return { ...original, kind: "UniqueConstraintViolation", constraint: constraintFields(cause.detail) };
    case "23502":
      return { ...original, kind: "NullConstraintViolation", constraint: constraintFields(cause.detail) };
    case "23503":
      return { ...original, kind: "ForeignKeyConstraintViolation", constraint: cause.column ? { fields: [cause.column] } : undefined };
    case "40001":
      return { ...original, kind: "TransactionWriteConflict" };
    default:
      return cause;
  }
}

const STATEMENTS = new Set(["queryRaw", "executeRaw"]);
const RETURNS_WRAPPED = new Set(["connect", "startTransaction"]);
const ASYNC_METHODS = new Set([...STATEMENTS, ...RETURNS_WRAPPED, "executeScript", "commit", "rollback"]);

/**
 * Wraps a Prisma driver adapter factory (and the adapters and transactions it makes): counts every
 * statement and, for PGlite, maps database errors to Prisma's error kinds.
 */
export function instrumentAdapter<T extends object>(target: T, counter: StatementCounter, translateErrors: boolean): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (typeof property !== "string" || !ASYNC_METHODS.has(property)) return value.bind(object);
      return async (...args: unknown[]) => {
        const statement = STATEMENTS.has(property);
        if (statement) counter.count += 1;
        try {
          const traced = statement ? telemetry.sql : undefined;
          const result = traced ? await traced((args[0] as { sql?: string } | undefined)?.sql, () => value.apply(object, args)) : await value.apply(object, args);
          return RETURNS_WRAPPED.has(property) ? instrumentAdapter(result, counter, translateErrors) : result;
        } catch (error) {
          const cause = (error as { cause?: PostgresErrorCause }).cause;
          if (translateErrors && (error as Error).name === "DriverAdapterError" && cause?.kind === "postgres") {
            (error as { cause: object }).cause = translate(cause);
          }
          throw error;
        }
      };
    },
  });
}
