import { Address, Hex, PersonalMessage, Secp256k1, Signature } from "ox";
import type { HttpClient } from "./http.js";

export const PASSWORD = "Sup3rSecret";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

/** Registers through REST and logs in; returns the new user's id and token. */
export async function registerAndLogin(http: HttpClient, email = uniqueEmail(), name = "Test User", extra: Record<string, unknown> = {}) {
  const registered = await http.post("/api/auth/register-email-password", { email, password: PASSWORD, name, ...extra });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const login = await http.post("/api/auth/login-email-password", { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { userId: registered.body.userId as number, token: login.body.token as string, email };
}

/** A blockchain account as a wallet holds it: its checksummed address, and EIP-191 personal_sign. */
export interface Wallet {
  address: Address.Address;
  signMessage(input: { message: string }): Promise<Hex.Hex>;
}

export function newWallet(): Wallet {
  const privateKey = Secp256k1.randomPrivateKey();
  return {
    address: Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }))),
    signMessage: async ({ message }) => Signature.toHex(Secp256k1.sign({ payload: PersonalMessage.getSignPayload(Hex.fromString(message)), privateKey })),
  };
}

/** Asks the server for a sign-in message and signs it with the wallet (EIP-191 personal_sign). */
export async function signChallenge(http: HttpClient, wallet: Wallet) {
  const challenge = await http.post("/api/auth/blockchain-challenge", { address: wallet.address });
  if (challenge.status !== 201) throw new Error(`challenge failed: ${challenge.status} ${challenge.text}`);
  const message = challenge.body.message as string;
  return { address: wallet.address, message, signature: await wallet.signMessage({ message }) };
}

const PENDING_LINK = `query($userId: Int!) { pendingEmailVerification(userId: $userId) { userId email link expiresAt } }`;

/** The newest pending verification link of a user, read by an ADMIN (there is no mail transport); null when none. */
export async function pendingVerificationLink(http: HttpClient, userId: number, adminToken: string): Promise<string | null> {
  const response = await http.graphql(PENDING_LINK, { userId }, adminToken);
  if (!response.body.data) throw new Error(JSON.stringify(response.body.errors));
  return response.body.data.pendingEmailVerification?.link ?? null;
}

/** The user asks for a verification link and an ADMIN reads it; returns the link's path and query on `http`. */
export async function requestVerificationLink(http: HttpClient, user: { userId: number; token: string }, adminToken: string): Promise<string> {
  const requested = await http.post("/api/auth/request-email-verification", undefined, { token: user.token });
  if (requested.status !== 201) throw new Error(`verification request failed: ${requested.status} ${requested.text}`);
  const link = new URL((await pendingVerificationLink(http, user.userId, adminToken))!);
  return link.pathname + link.search;
}

/** The whole verification: request, read by an ADMIN, opened by the user. */
export async function verifyEmail(http: HttpClient, user: { userId: number; token: string }, adminToken: string): Promise<void> {
  const opened = await http.get(await requestVerificationLink(http, user, adminToken));
  if (opened.status !== 200) throw new Error(`verification failed: ${opened.status} ${opened.text}`);
}
