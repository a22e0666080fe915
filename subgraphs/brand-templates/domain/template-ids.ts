import { randomBytes } from "node:crypto";

/**
 * Brand template ids changed format (documented): every template has a current id, `BT` and 22
 * characters, and a former-format alias, `DA` and 9 characters, that finds it for a limited time
 * after it was published (`BRAND_TEMPLATE_LEGACY_ID_MONTHS`). Answers always carry the current id.
 */
export function newTemplateId(): string {
  return `BT${randomBytes(16).toString("base64url")}`;
}

const LEGACY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

export function newLegacyTemplateId(): string {
  return `DA${[...randomBytes(9)].map((byte) => LEGACY_ALPHABET[byte % 64]).join("")}`;
}

/** The moment a template's former-format id stops finding it: `months` after `publishedAt`. */
export function legacyIdExpiry(publishedAt: Date, months: number): Date {
  const expiry = new Date(publishedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + months);
  return expiry;
}
