import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { DateTimeResolver } from "graphql-scalars";

export { DateTimeResolver };

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** A calendar date: `YYYY-MM-DD` (an RFC 3339 timestamp is accepted and its date kept). */
export function parseDate(value: unknown): Date {
  const match = typeof value === "string" ? DATE.exec(value) : null;
  if (match) {
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (date.toISOString().slice(0, 10) === `${match[1]}-${match[2]}-${match[3]}`) return date;
  }
  throw new GraphQLError("must be a date (YYYY-MM-DD)");
}

export const DateScalar = new GraphQLScalarType<Date, string>({
  name: "Date",
  description: "A calendar date, `YYYY-MM-DD`.",
  serialize: (value) => (value instanceof Date ? value : parseDate(value)).toISOString().slice(0, 10),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

const DECIMAL = /^-?\d{1,13}(\.\d{1,2})?$/;

/** An exact decimal with at most two places, as a string ("12.50"); numbers are accepted on input. */
export function parseDecimal(value: unknown): string {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text === "string" && DECIMAL.test(text.trim())) return text.trim();
  throw new GraphQLError("must be a decimal number with at most 2 decimal places");
}

export const DecimalScalar = new GraphQLScalarType<string, string>({
  name: "Decimal",
  description: 'An exact decimal with two places, serialised as a string ("12.50"). Input: a string or a number.',
  serialize: (value) => {
    const decimal = value as { toFixed?: (places: number) => string };
    if (typeof decimal?.toFixed === "function") return decimal.toFixed(2);
    return Number(parseDecimal(value)).toFixed(2);
  },
  parseValue: parseDecimal,
  parseLiteral: (ast) =>
    parseDecimal(ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : undefined),
});
