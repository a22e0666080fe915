import { Prisma } from "../../../generated/prisma/client.js";

/** True when the error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Takes a row lock on the user so concurrent changes to their identities or roles run one at a time. */
export async function lockUser(tx: Prisma.TransactionClient, userId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  return rows.length === 1;
}
