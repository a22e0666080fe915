import { createHash, timingSafeEqual } from "node:crypto";
import type { IdentityType, PrismaClient, User } from "../../../generated/prisma/client.js";
import { ConflictError } from "../../../lib/errors.js";
import { consumeSignedChallenge, type SignedMessage } from "./blockchain-challenge.js";
import type { AccountsSettings } from "../settings.js";
import { hashPassword } from "./passwords.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { normalizeEmail, normalizeName, validatePassword } from "./validation.js";

export const ALREADY_REGISTERED: Record<IdentityType, string> = {
  email_password: "Email already registered",
  blockchain_address: "Blockchain address already registered",
};

/** Who may claim the initial SUPERUSER (see settings.ts). */
export interface Bootstrap {
  secret: string | undefined;
  openToFirstComer: boolean;
}

/** Whether this registration may claim the initial SUPERUSER: the configured secret, compared in constant time. */
function mayClaimSuperuser(bootstrap: Bootstrap, given: string | null | undefined): boolean {
  if (bootstrap.secret === undefined) return bootstrap.openToFirstComer;
  if (typeof given !== "string") return false;
  const [expected, actual] = [createHash("sha256").update(bootstrap.secret).digest(), createHash("sha256").update(given).digest()];
  return timingSafeEqual(expected, actual);
}

export async function registerWithEmailPassword(
  db: PrismaClient,
  input: { email: string; password: string; name: string; bootstrapSecret?: string | null },
  bootstrap: Bootstrap,
): Promise<User> {
  const email = normalizeEmail(input.email);
  const password = validatePassword(input.password);
  const name = normalizeName(input.name);
  const existing = await db.identity.findUnique({ where: { type_identifier: { type: "email_password", identifier: email } } });
  if (existing) throw new ConflictError(ALREADY_REGISTERED.email_password);
  const passwordHash = await hashPassword(password);
  return createUser(db, "email_password", name, mayClaimSuperuser(bootstrap, input.bootstrapSecret), async () => ({ identifier: email, passwordHash }));
}

export async function registerWithBlockchain(
  db: PrismaClient,
  input: SignedMessage & { name: string; bootstrapSecret?: string | null },
  bootstrap: Bootstrap,
  signIn: AccountsSettings["blockchainSignIn"],
): Promise<User> {
  const name = normalizeName(input.name);
  return createUser(db, "blockchain_address", name, mayClaimSuperuser(bootstrap, input.bootstrapSecret), async (tx) => ({
    identifier: await consumeSignedChallenge(tx, input, signIn),
    passwordHash: null,
  }));
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Creates the user with its first (primary) identity in one transaction. The first user allowed to
 * (`claimsSuperuser`) claims the single `initial_superuser` row and becomes SUPERUSER; everyone else is CLIENT.
 */
async function createUser(
  db: PrismaClient,
  type: IdentityType,
  name: string,
  claimsSuperuser: boolean,
  proveIdentity: (tx: Tx) => Promise<{ identifier: string; passwordHash: string | null }>,
): Promise<User> {
  try {
    return await db.$transaction(async (tx) => {
      const { identifier, passwordHash } = await proveIdentity(tx);
      const user = await tx.user.create({
        data: {
          name,
          email: type === "email_password" ? identifier : null,
          roles: ["CLIENT"],
          identities: { create: { type, identifier, passwordHash, isPrimaryLogin: true } },
        },
      });
      if (!claimsSuperuser) return user;
      const claimed = await tx.initialSuperuser.createMany({ data: [{ singleton: 1, userId: user.id }], skipDuplicates: true });
      if (claimed.count === 0) return user;
      return tx.user.update({ where: { id: user.id }, data: { roles: ["SUPERUSER"] } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ALREADY_REGISTERED[type]);
    throw error;
  }
}
