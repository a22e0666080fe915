import type { PrismaClient } from "../../../../generated/prisma/client.js";

/**
 * Whether `email` is the user's email now and the accounts domain has verified it (`emailVerifiedAt`,
 * cleared by accounts whenever the email changes). A read of the accounts user row, never a write:
 * an OpenID claim must state the platform's current knowledge, not what a token said at consent.
 */
export async function isEmailVerified(db: PrismaClient, userId: number, email: string | null): Promise<boolean> {
  if (!email) return false;
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  return user !== null && user.email === email && user.emailVerifiedAt !== null;
}
