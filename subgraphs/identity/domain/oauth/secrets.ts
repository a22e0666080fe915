import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh 256-bit secret, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Compares a presented secret with a stored SHA-256 in constant time. */
export function matchesHash(presented: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(presented), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** PKCE S256 (RFC 7636): BASE64URL(SHA256(code_verifier)). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString("base64url")}`;
}
