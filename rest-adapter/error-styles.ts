import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../lib/errors.js";
import { renderBusinessError, retryAfterHeader, type RenderedError } from "./business-errors.js";
import { DESIGN_ADAPTER_CODES, designCodeOf } from "./design-errors.js";
import type { RestRoute } from "./route-table.js";
import { snakeCase } from "./rest-fields.js";

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
  | "invalid_query_param"
  | "invalid_request"
  | "not_octet_stream";

/** An input the caller sent that its operation refuses, by the name the caller knows it (rest-adapter/input-errors.ts). */
export interface InputRefusal {
  field: string;
  message: string;
}

/** How one platform writes its error bodies. */
export interface ErrorStyle {
  adapter(failure: AdapterFailure, message: string): unknown;
  graph(error: GraphQLFormattedError, route: Pick<RestRoute, "errorFields" | "errorCodes">): RenderedError;
  /** A refused input: always a 400. */
  input(refusal: InputRefusal, route: Pick<RestRoute, "errorCodes">): RenderedError;
  /** How the platform spells a member the route does not name itself (the graph's `designType` is `design_type`). */
  memberName(graphName: string): string;
}

/** The business platform: `{ error }`, and `{ field, message }` for invalid input; members keep the graph's names. */
export const businessStyle: ErrorStyle = {
  adapter: (_failure, message) => ({ error: message }),
  graph: (error, route) => renderBusinessError(error, route.errorFields),
  input: (refusal) => ({ status: 400, body: refusal }),
  memberName: (graphName) => graphName,
};

/** The design platform: `{ code, message }` with its documented codes (rest-adapter/design-errors.ts), snake_case members. */
export const designStyle: ErrorStyle = {
  adapter: (failure, message) => ({ code: DESIGN_ADAPTER_CODES[failure], message }),
  input(refusal, route) {
    const asError = { message: refusal.message, extensions: { code: "BAD_USER_INPUT", field: refusal.field } };
    return { status: 400, body: { code: designCodeOf(asError, route.errorCodes), message: refusal.message } };
  },
  memberName: snakeCase,
  graph(error, route) {
    return { status: statusForError(error), body: { code: designCodeOf(error, route.errorCodes), message: error.message }, headers: retryAfterHeader(error) };
  },
};
