import { hash, verify } from "@node-rs/argon2";

// A valid hash of a random password: verifying against it when the account does not exist keeps
// the response time of a failed login independent of whether the email is registered.
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await (decoyHash ??= hash(crypto.randomUUID())));
  const matches = await verify(target, password).catch(() => false);
  return matches && passwordHash !== null;
}
