import type { PrismaClient, User } from "../../../generated/prisma/client.js";
import type { BusinessTokenService } from "../../../lib/auth/business-token.js";
import { UnauthenticatedError, ValidationError } from "../../../lib/errors.js";
import type { Limiter } from "../../../lib/rate-limit.js";
import { consumeSignedChallenge, type SignedMessage } from "./blockchain-challenge.js";
import type { AccountsSettings } from "../settings.js";
import { verifyPassword } from "./passwords.js";
import { normalizeAddress } from "./validation.js";

const BAD_CREDENTIALS = "Invalid email or password";

interface LoginDeps {
  db: PrismaClient;
  tokens: BusinessTokenService;
  /** Counts failed attempts per email or address; past the limit every attempt is refused (429). */
  failures: Limiter;
}

/**
 * Runs one login attempt under the failed-login limit of `key`. The attempt is counted before the
 * password is looked at (atomically, so parallel guesses cannot all pass a check first); a success
 * clears the count and a failure for another reason than the credentials is given back.
 */
async function attempt(failures: Limiter, key: string, login: () => Promise<User>): Promise<User> {
  await failures.consume(key);
  try {
    const user = await login();
    await failures.reset(key);
    return user;
  } catch (error) {
    if (!(error instanceof UnauthenticatedError)) await failures.refund(key);
    throw error;
  }
}

export async function loginWithEmailPassword(deps: LoginDeps, input: { email: string; password: string }): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (email === "") throw new ValidationError("email", "email is required");
  if (input.password === "") throw new ValidationError("password", "password is required");
  const user = await attempt(deps.failures, `email:${email}`, async () => {
    const identity = await deps.db.identity.findUnique({
      where: { type_identifier: { type: "email_password", identifier: email } },
      include: { user: true },
    });
    const valid = await verifyPassword(identity?.passwordHash ?? null, input.password);
    if (!valid || !identity) throw new UnauthenticatedError(BAD_CREDENTIALS);
    return identity.user;
  });
  return deps.tokens.issue(user);
}

export async function loginWithBlockchain(deps: LoginDeps & { signIn: AccountsSettings["blockchainSignIn"] }, input: SignedMessage): Promise<string> {
  const address = normalizeAddress(input.address);
  const user = await attempt(deps.failures, `address:${address}`, () =>
    deps.db.$transaction(async (tx) => {
      const proven = await consumeSignedChallenge(tx, input, deps.signIn);
      const identity = await tx.identity.findUnique({
        where: { type_identifier: { type: "blockchain_address", identifier: proven } },
        include: { user: true },
      });
      if (!identity) throw new UnauthenticatedError("Blockchain address is not registered");
      return identity.user;
    }),
  );
  return deps.tokens.issue(user);
}
