import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A value the server hands out and takes back unchanged (a list's continuation): base64url JSON and an
 * HMAC-SHA256 over it, `<payload>.<mac>`. Readable by whoever holds it, but any change is detected.
 */
export function signToken(value: unknown, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

/** The value `signToken` signed with `key`; undefined when the token was altered, made with another key or is not one. */
export function openToken(token: string, key: Buffer): unknown {
  const match = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const expected = createHmac("sha256", key).update(match[1]).digest();
  const given = Buffer.from(match[2], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}
