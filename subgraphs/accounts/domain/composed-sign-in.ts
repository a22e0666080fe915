import { Address, Siwe } from "ox";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { isUniqueViolation } from "../../../lib/db/errors.js";
import { UnauthenticatedError } from "../../../lib/errors.js";
import type { AccountsSettings } from "../settings.js";

type Db = PrismaClient | Prisma.TransactionClient;
type SignIn = AccountsSettings["blockchainSignIn"];
type MessageFields = ReturnType<typeof Siwe.parseMessage>;

/** How far ahead of our clock a wallet's clock may be. */
export const CLOCK_SKEW_MS = 30_000;
/** The nonce column's width; EIP-4361 asks for at least 8 letters and digits (ox and viem make 96). */
const MAX_NONCE = 128;

const refuse = (reason: string): never => {
  throw new UnauthenticatedError(`Sign-in message refused: ${reason}`);
};

/**
 * A Sign-In with Ethereum message the wallet's app composed itself (no challenge asked for) is
 * accepted like one this server issued when it names this server's domain, the signing address, the
 * configured chain (when SIGN_IN_CHAIN_ID is set), a nonce of 8 to 128 letters and digits, and was
 * issued within the sign-in lifetime (five minutes by default, at most 30 s ahead of our clock), and is
 * neither expired nor not yet valid. Returns until when its nonce must stay spent.
 */
export function checkComposedMessage(fields: MessageFields, address: Address.Address, signIn: SignIn, now: Date): Date {
  if (fields.version !== "1" || !fields.uri || !fields.address || !fields.nonce) refuse("not an EIP-4361 message");
  if (fields.domain?.toLowerCase() !== signIn.domain.toLowerCase()) refuse(`it is for another domain than ${signIn.domain}`);
  if (!Address.isEqual(fields.address!, address)) refuse("it is for another address");
  if (signIn.chainIdRequired && fields.chainId !== signIn.chainId) refuse(`it is for another chain than ${signIn.chainId}`);
  if (fields.nonce!.length > MAX_NONCE || !Siwe.nonceRegex.test(fields.nonce!)) refuse(`its nonce must be 8 to ${MAX_NONCE} letters and digits`);
  const issuedAt = fields.issuedAt?.getTime() ?? Number.NaN;
  if (Number.isNaN(issuedAt)) refuse("it has no valid Issued At");
  if (issuedAt > now.getTime() + CLOCK_SKEW_MS) refuse("it is issued in the future");
  const lifetimeEnds = issuedAt + signIn.nonceTtlSeconds * 1000;
  if (lifetimeEnds <= now.getTime()) refuse(`it was issued more than ${signIn.nonceTtlSeconds} seconds ago`);
  const expiresAt = fields.expirationTime?.getTime();
  if (expiresAt !== undefined && !(expiresAt > now.getTime())) refuse("it has expired");
  const notBefore = fields.notBefore?.getTime();
  if (notBefore !== undefined && !(notBefore <= now.getTime() + CLOCK_SKEW_MS)) refuse("it is not valid yet");
  return new Date(Math.min(lifetimeEnds, expiresAt ?? lifetimeEnds));
}

/**
 * Spends a composed message's nonce: kept until the message could no longer be accepted anyway, so
 * a replay finds it used. Of two requests racing with one message, the second insert is refused.
 */
export async function spendComposedNonce(db: Db, spent: { nonce: string; address: string; message: string; expiresAt: Date }, now: Date): Promise<void> {
  try {
    await db.blockchainNonce.create({ data: { ...spent, usedAt: now } });
  } catch (error) {
    if (isUniqueViolation(error)) refuse("its nonce was already used");
    throw error;
  }
}
