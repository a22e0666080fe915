import { Address, Hex } from "ox";
import { ValidationError } from "../../../lib/errors.js";

// The WHATWG form-validation rule for email addresses: what browsers accept in <input type="email">.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;
const MAX_MESSAGE_LENGTH = 2000;

export function normalizeEmail(raw: string, field = "email"): string {
  const email = raw.trim().toLowerCase();
  if (email.length === 0) throw new ValidationError(field, "email is required");
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) throw new ValidationError(field, "email is not a valid email address");
  return email;
}

export function validatePassword(password: string, field = "password"): string {
  const length = [...password].length;
  if (length < 8 || length > 72) throw new ValidationError(field, "password must be 8 to 72 characters long");
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    throw new ValidationError(field, "password must contain an uppercase letter, a lowercase letter and a digit");
  }
  return password;
}

export function normalizeName(raw: string, field = "name"): string {
  const name = raw.trim();
  if (name.length === 0) throw new ValidationError(field, "name is required");
  if ([...name].length > MAX_NAME_LENGTH) throw new ValidationError(field, `name must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

/** EIP-55 checksummed form; a mixed-case address must carry a valid checksum. */
export function normalizeAddress(raw: string, field = "address"): Address.Address {
  const address = raw.trim();
  if (!Address.validate(address, { strict: true })) throw new ValidationError(field, "address is not a valid blockchain address");
  return Address.checksum(address);
}

export function validateSignature(raw: string, field = "signature"): Hex.Hex {
  if (!Hex.validate(raw, { strict: true }) || raw.length !== 132) {
    throw new ValidationError(field, "signature must be a 65-byte hex string starting with 0x");
  }
  return raw;
}

export function validateMessage(raw: string, field = "message"): string {
  if (raw.length === 0) throw new ValidationError(field, "message is required");
  if (raw.length > MAX_MESSAGE_LENGTH) throw new ValidationError(field, `message must be at most ${MAX_MESSAGE_LENGTH} characters`);
  return raw;
}

export { requireField, validateId } from "../../../lib/validation.js";
