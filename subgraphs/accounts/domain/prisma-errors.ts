import type { Prisma } from "../../../generated/prisma/client.js";

/** Takes a row lock on the user so concurrent changes to their identities or roles run one at a time. */
export async function lockUser(tx: Prisma.TransactionClient, userId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  return rows.length === 1;
}
