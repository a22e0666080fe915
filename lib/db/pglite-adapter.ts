import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

interface PostgresErrorCause {
  kind: string;
  code?: string;
  message?: string;
  detail?: string;
  column?: string;
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

const ASYNC_METHODS = new Set(["connect", "queryRaw", "executeRaw", "executeScript", "startTransaction", "commit", "rollback"]);

function translateErrors<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (typeof property !== "string" || !ASYNC_METHODS.has(property)) return value.bind(object);
      return async (...args: unknown[]) => {
        try {
          const result = await value.apply(object, args);
          return property === "startTransaction" || property === "connect" ? translateErrors(result) : result;
        } catch (error) {
          const cause = (error as { name?: string; cause?: PostgresErrorCause }).cause;
          if ((error as Error).name === "DriverAdapterError" && cause?.kind === "postgres") {
            (error as { cause: object }).cause = translate(cause);
          }
          throw error;
        }
      };
    },
  });
}

/** A Prisma driver adapter over an open PGlite database. */
export function pgliteAdapter(pglite: PGlite): never {
  return translateErrors(new PrismaPGlite(pglite)) as never;
}
