import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { BusinessTokenService } from "../../../lib/auth/business-token.js";
import { UnauthenticatedError, ValidationError } from "../../../lib/errors.js";
import { consumeSignedChallenge, type SignedMessage } from "./blockchain-challenge.js";
import { verifyPassword } from "./passwords.js";

const BAD_CREDENTIALS = "Invalid email or password";

export async function loginWithEmailPassword(
  db: PrismaClient,
  tokens: BusinessTokenService,
  input: { email: string; password: string },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (email === "") throw new ValidationError("email", "email is required");
  if (input.password === "") throw new ValidationError("password", "password is required");
  const identity = await db.identity.findUnique({
    where: { type_identifier: { type: "email_password", identifier: email } },
    include: { user: true },
  });
  const valid = await verifyPassword(identity?.passwordHash ?? null, input.password);
  if (!valid || !identity) throw new UnauthenticatedError(BAD_CREDENTIALS);
  return tokens.issue(identity.user);
}

export async function loginWithBlockchain(db: PrismaClient, tokens: BusinessTokenService, input: SignedMessage): Promise<string> {
  const user = await db.$transaction(async (tx) => {
    const address = await consumeSignedChallenge(tx, input);
    const identity = await tx.identity.findUnique({
      where: { type_identifier: { type: "blockchain_address", identifier: address } },
      include: { user: true },
    });
    if (!identity) throw new UnauthenticatedError("Blockchain address is not registered");
    return identity.user;
  });
  return tokens.issue(user);
}
