import { Prisma } from "../../generated/prisma/client.js";
import { causesOf } from "./unavailable.js";

/** True when the error is a unique-constraint violation (PostgreSQL 23505, Prisma P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** PostgreSQL's "data exception" class: a value the column's type refuses (`22P02` invalid text, `22003` out of range, …). */
const DATA_EXCEPTION = /^22/;

/** True when the error is input refused: by Prisma's argument checks, or by the database as a value its column's type cannot hold. */
export function isRefusedInput(error: unknown): boolean {
  return causesOf(error).some((cause) => {
    if (cause instanceof Prisma.PrismaClientValidationError) return true;
    const { code, originalCode } = cause as { code?: unknown; originalCode?: unknown };
    return [code, originalCode].some((value) => typeof value === "string" && DATA_EXCEPTION.test(value));
  });
}
