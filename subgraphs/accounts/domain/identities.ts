import type { IdentityType, PrismaClient } from "../../../generated/prisma/client.js";
import { BadRequestError, ConflictError, NotFoundError, UnauthenticatedError } from "../../../lib/errors.js";
import { consumeSignedChallenge } from "./blockchain-challenge.js";
import type { AccountsSettings } from "../settings.js";
import { hashPassword } from "./passwords.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { lockUser } from "./prisma-errors.js";
import { ALREADY_REGISTERED } from "./registration.js";
import { normalizeEmail, requireField, validateId, validatePassword } from "./validation.js";

export interface LinkIdentityInput {
  type: IdentityType;
  email?: string | null;
  password?: string | null;
  address?: string | null;
  signature?: string | null;
  message?: string | null;
}

/** Adds an identity to the user. An email identity also becomes the user's email when they had none. */
export async function linkIdentity(db: PrismaClient, userId: number, input: LinkIdentityInput, signIn: AccountsSettings["blockchainSignIn"]): Promise<void> {
  const email =
    input.type === "email_password" ? normalizeEmail(requireField(input.email, "email")) : undefined;
  const passwordHash =
    input.type === "email_password" ? await hashPassword(validatePassword(requireField(input.password, "password"))) : null;
  const signed =
    input.type === "blockchain_address"
      ? {
          address: requireField(input.address, "address"),
          signature: requireField(input.signature, "signature"),
          message: requireField(input.message, "message"),
        }
      : undefined;
  try {
    await db.$transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) throw new UnauthenticatedError("User no longer exists");
      const identifier = signed ? await consumeSignedChallenge(tx, signed, signIn) : email!;
      const taken = await tx.identity.findUnique({ where: { type_identifier: { type: input.type, identifier } } });
      if (taken) throw new ConflictError(taken.userId === userId ? "Identity already linked" : ALREADY_REGISTERED[input.type]);
      await tx.identity.create({ data: { userId, type: input.type, identifier, passwordHash } });
      if (email) await tx.user.updateMany({ where: { id: userId, email: null }, data: { email, emailVerifiedAt: null } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ALREADY_REGISTERED[input.type]);
    throw error;
  }
}

/**
 * Removes one of the user's identities; never the last. When it was the primary login, the oldest
 * remaining identity becomes primary; when it carried the user's email, the next email identity does.
 */
export async function unlinkIdentity(db: PrismaClient, userId: number, identityId: number): Promise<void> {
  validateId(identityId, "identityId");
  await db.$transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw new UnauthenticatedError("User no longer exists");
    const identities = await tx.identity.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const target = identities.find((identity) => identity.id === identityId);
    if (!target) throw new NotFoundError("Identity not found");
    if (identities.length === 1) throw new BadRequestError("Cannot unlink the last identity");
    await tx.identity.delete({ where: { id: target.id } });
    const remaining = identities.filter((identity) => identity.id !== target.id);
    if (target.isPrimaryLogin) {
      await tx.identity.update({ where: { id: remaining[0].id }, data: { isPrimaryLogin: true } });
    }
    if (target.type === "email_password") {
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      if (user.email === target.identifier) {
        const nextEmail = remaining.find((identity) => identity.type === "email_password")?.identifier ?? null;
        // Verification belongs to an address: the next email is unverified until its own link is confirmed.
        await tx.user.update({ where: { id: userId }, data: { email: nextEmail, emailVerifiedAt: null } });
      }
    }
  });
}
