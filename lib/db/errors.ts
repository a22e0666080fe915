import { Prisma } from "../../generated/prisma/client.js";

/** True when the error is a unique-constraint violation (PostgreSQL 23505, Prisma P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
