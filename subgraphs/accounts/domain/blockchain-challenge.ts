import { randomBytes } from "node:crypto";
import { Hex, PersonalMessage, Secp256k1, Signature, Siwe, type Address } from "ox";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { AccountsSettings } from "../settings.js";
import { UnauthenticatedError } from "../../../lib/errors.js";
import type { Limiter } from "../../../lib/rate-limit.js";
import { checkComposedMessage, spendComposedNonce } from "./composed-sign-in.js";
import { normalizeAddress, validateMessage, validateSignature } from "./validation.js";

type Db = PrismaClient | Prisma.TransactionClient;
type BlockchainAddress = Address.Address;

export interface SignedMessage {
  address: string;
  signature: string;
  message: string;
}

const STATEMENT = "Sign in with your blockchain account.";
const EXPIRED_NONCES_KEPT_MS = 60 * 60 * 1000;

/**
 * Issues a single-use EIP-4361 ("Sign-In with Ethereum") message for `address`. The wallet signs
 * exactly this text with `personal_sign` (EIP-191); the nonce in it can be used once, before it expires.
 */
export async function issueChallenge(db: PrismaClient, signIn: AccountsSettings["blockchainSignIn"], limit: Limiter, rawAddress: string) {
  const address = normalizeAddress(rawAddress);
  await limit.consume(address);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + signIn.nonceTtlSeconds * 1000);
  const nonce = randomBytes(16).toString("hex");
  const message = Siwe.createMessage({
    address,
    chainId: signIn.chainId,
    domain: signIn.domain,
    uri: signIn.uri,
    version: "1",
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
    statement: STATEMENT,
  });
  await db.blockchainNonce.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - EXPIRED_NONCES_KEPT_MS) } } });
  await db.blockchainNonce.create({ data: { nonce, address, message, expiresAt } });
  return { nonce, message, expiresAt };
}

const UNUSABLE = "Sign-in message is unknown, already used or expired; request a new one";

/**
 * Checks that `message` is one this server issued for `address`, still unused and unexpired (or one
 * the wallet's app composed itself that passes `checkComposedMessage`), and that `signature` is the
 * address's personal_sign over it; then marks the nonce used. Run it inside the transaction of the
 * change it authorises, so a failed change leaves the nonce usable.
 */
export async function consumeSignedChallenge(db: Db, input: SignedMessage, signIn: AccountsSettings["blockchainSignIn"]): Promise<BlockchainAddress> {
  const address = normalizeAddress(input.address);
  const signature = validateSignature(input.signature);
  const message = validateMessage(input.message);
  const fields = Siwe.parseMessage(message);
  const nonce = fields.nonce;
  if (!nonce) throw new UnauthenticatedError(UNUSABLE);
  const now = new Date();
  const issued = await db.blockchainNonce.findUnique({ where: { nonce } });
  if (!issued) {
    const expiresAt = checkComposedMessage(fields, address, signIn, now);
    requireSignature(address, message, signature);
    await spendComposedNonce(db, { nonce, address, message, expiresAt }, now);
    return address;
  }
  if (issued.message !== message || issued.address !== address || issued.usedAt || issued.expiresAt <= now) {
    throw new UnauthenticatedError(UNUSABLE);
  }
  requireSignature(address, message, signature);
  const consumed = await db.blockchainNonce.updateMany({
    where: { nonce, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (consumed.count !== 1) throw new UnauthenticatedError(UNUSABLE);
  return address;
}

function requireSignature(address: BlockchainAddress, message: string, signature: Hex.Hex): void {
  if (!signedBy(address, message, signature)) throw new UnauthenticatedError("Signature does not match the address");
}

/** Whether `signature` is `address`'s EIP-191 personal_sign over `message` (a malformed signature is not). */
function signedBy(address: BlockchainAddress, message: string, signature: Hex.Hex): boolean {
  try {
    return Secp256k1.verify({ address, payload: PersonalMessage.getSignPayload(Hex.fromString(message)), signature: Signature.fromHex(signature) });
  } catch {
    return false;
  }
}
