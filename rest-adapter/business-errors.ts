import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../lib/errors.js";

export interface RenderedError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const SCALAR_NAMES: Record<string, string> = {
  String: "a string",
  Int: "an integer",
  Float: "a number",
  Boolean: "a boolean",
  ID: "a string or an integer",
};

/**
 * GraphQL rejects variables of the wrong type before any resolver runs; those messages name the
 * variable or input field. Turned into the business platform's `{ field, message }`.
 */
export function describeVariableError(message: string): { field: string; message: string } | undefined {
  const missing = /Field "(\w+)" of required type "[^"]+" was not provided/.exec(message);
  if (missing) return { field: missing[1], message: `${missing[1]} is required` };
  const at = /at "([\w.[\]]+)"/.exec(message)?.[1];
  const variable = /^Variable "\$(\w+)"/.exec(message)?.[1];
  const field = at ? at.split(".").pop()!.replace(/\[\d+\]$/, "") : variable;
  if (!field) return undefined;
  if (/was not provided|must not be null|not to be null/.test(message)) return { field, message: `${field} is required` };
  const custom = /Expected type "\w+"\. (must be .+)$/.exec(message)?.[1];
  if (custom) return { field, message: `${field} ${custom}` };
  const scalar = /(String|Int|Float|Boolean|ID) cannot represent/.exec(message)?.[1];
  if (scalar) return { field, message: `${field} must be ${SCALAR_NAMES[scalar]}` };
  const enumName = /does not exist in "(\w+)" enum/.exec(message)?.[1];
  if (enumName) return { field, message: `${field} is not a valid ${enumName}` };
  return { field, message: `${field} is invalid` };
}

/**
 * The business platform's error bodies: `{ field, message }` for invalid input, `{ error }` otherwise,
 * with the status carried by the error (`extensions.http.status`).
 */
export function renderBusinessError(error: GraphQLFormattedError, fieldNames: Record<string, string> = {}): RenderedError {
  const status = statusForError(error);
  const field = error.extensions?.field;
  if (typeof field === "string") return { status, body: { field: fieldNames[field] ?? field, message: error.message } };
  if (error.extensions?.code === "BAD_USER_INPUT") {
    const described = describeVariableError(error.message);
    if (described) return { status: 400, body: { ...described, field: fieldNames[described.field] ?? described.field } };
  }
  return { status, body: { error: error.message }, headers: retryAfterHeader(error) };
}

/** `Retry-After` for a rate-limited request (both platforms). */
export function retryAfterHeader(error: GraphQLFormattedError): Record<string, string> | undefined {
  const retryAfter = error.extensions?.retryAfter;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
}
