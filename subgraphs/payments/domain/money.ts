import { ValidationError } from "../../../lib/errors.js";

/** DECIMAL(12,2): up to 9,999,999,999.99. */
const MAX_AMOUNT = 9_999_999_999.99;
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** Decimal places a currency's minor unit has (USD 2, JPY 0), per the runtime's ISO 4217 data. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A 3-letter ISO 4217 code, upper-cased. */
export function currencyCode(value: string, field = "currency"): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !CURRENCIES.has(code)) {
    throw new ValidationError(field, `${field} must be a 3-letter ISO 4217 currency code`);
  }
  return code;
}

/** An amount greater than 0 with no more decimals than the currency has. */
export function positiveAmount(value: string, currency: string, field = "amount"): string {
  const amount = Number(value);
  if (!(amount > 0)) throw new ValidationError(field, `${field} must be greater than 0`);
  if (amount > MAX_AMOUNT) throw new ValidationError(field, `${field} must be at most ${MAX_AMOUNT}`);
  const decimals = value.split(".")[1]?.replace(/0+$/, "").length ?? 0;
  if (decimals > currencyExponent(currency)) {
    throw new ValidationError(field, `${field} has more decimal places than ${currency} allows`);
  }
  return value;
}

/** A non-negative amount (fees). */
export function feeAmount(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  const amount = Number(value);
  if (amount < 0 || amount > MAX_AMOUNT) throw new ValidationError(field, `${field} must be between 0 and ${MAX_AMOUNT}`);
  return value;
}

/** The amount in the currency's minor unit (cents for USD), computed exactly from the decimal string. */
export function toMinorUnits(amount: string, currency: string): number {
  const [whole, fraction = ""] = amount.split(".");
  const exponent = currencyExponent(currency);
  return Number(BigInt(whole + fraction.padEnd(exponent, "0").slice(0, exponent)));
}

/** An amount in the currency's minor unit as a decimal string (`1999` USD → `"19.99"`, `500` JPY → `"500"`). */
export function fromMinorUnits(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(minor).padStart(exponent + 1, "0");
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * An amount a processor states in minor units, as a decimal string; undefined unless it is a whole,
 * non-negative number of minor units that fits an amount column.
 */
export function statedMinorAmount(minor: unknown, currency: string): string | undefined {
  if (typeof minor !== "number" || !Number.isSafeInteger(minor) || minor < 0) return undefined;
  const amount = fromMinorUnits(minor, currency);
  return Number(amount) <= MAX_AMOUNT ? amount : undefined;
}
