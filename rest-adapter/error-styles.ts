import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../lib/errors.js";
import { renderBusinessError, retryAfterHeader, type RenderedError } from "./business-errors.js";

/** Failures the adapter finds itself, before or around running an operation. */
export type AdapterFailure =
  | "not_found"
  | "method_not_allowed"
  | "malformed_body"
  | "body_too_large"
  | "unsupported_media_type"
  | "not_an_object"
  | "browser_refused"
  | "graph_unavailable"
  | "graph_unreachable"
  | "missing_header"
  | "invalid_header"
  | "invalid_field"
  | "invalid_param"
  | "not_octet_stream";

/** How one platform writes its error bodies. */
export interface ErrorStyle {
  adapter(failure: AdapterFailure, message: string): unknown;
  graph(error: GraphQLFormattedError, fieldNames?: Record<string, string>): RenderedError;
}

/** The business platform: `{ error }`, and `{ field, message }` for invalid input. */
export const businessStyle: ErrorStyle = {
  adapter: (_failure, message) => ({ error: message }),
  graph: renderBusinessError,
};

const DESIGN_ADAPTER_CODES: Record<AdapterFailure, string> = {
  not_found: "endpoint_not_found",
  method_not_allowed: "endpoint_not_found",
  malformed_body: "bad_request_body",
  body_too_large: "bad_request_body",
  unsupported_media_type: "bad_request_body",
  not_an_object: "bad_request_body",
  browser_refused: "invalid_request",
  graph_unavailable: "internal_error",
  graph_unreachable: "service_unavailable",
  missing_header: "invalid_request",
  invalid_header: "invalid_request",
  invalid_field: "invalid_field",
  invalid_param: "bad_request_params",
  not_octet_stream: "bad_request_body",
};

/** Codes of the graph's errors, as the design platform names them (an error may name its own). */
const DESIGN_CODES: Record<string, string> = {
  UNAUTHENTICATED: "invalid_access_token",
  FORBIDDEN: "permission_denied",
  NOT_FOUND: "not_found",
  BAD_USER_INPUT: "invalid_field",
  BAD_REQUEST: "bad_request_body",
  CONFLICT: "conflict",
  RATE_LIMITED: "too_many_requests",
  SERVICE_UNAVAILABLE: "service_unavailable",
  BAD_GATEWAY: "internal_error",
};

/** The design platform: `{ code, message }` with its documented codes. */
export const designStyle: ErrorStyle = {
  adapter: (failure, message) => ({ code: DESIGN_ADAPTER_CODES[failure], message }),
  graph(error) {
    const own = error.extensions?.designCode;
    const code = typeof own === "string" ? own : (DESIGN_CODES[String(error.extensions?.code)] ?? "internal_error");
    return { status: statusForError(error), body: { code, message: error.message }, headers: retryAfterHeader(error) };
  },
};
