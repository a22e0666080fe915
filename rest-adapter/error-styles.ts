import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../lib/errors.js";
import { renderBusinessError, retryAfterHeader, type RenderedError } from "./business-errors.js";
import { DESIGN_ADAPTER_CODES, designCodeOf } from "./design-errors.js";
import type { RestRoute } from "./route-table.js";

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

/** How one platform writes its error bodies. */
export interface ErrorStyle {
  adapter(failure: AdapterFailure, message: string): unknown;
  graph(error: GraphQLFormattedError, route: Pick<RestRoute, "errorFields" | "errorCodes">): RenderedError;
}

/** The business platform: `{ error }`, and `{ field, message }` for invalid input. */
export const businessStyle: ErrorStyle = {
  adapter: (_failure, message) => ({ error: message }),
  graph: (error, route) => renderBusinessError(error, route.errorFields),
};

/** The design platform: `{ code, message }` with its documented codes (rest-adapter/design-errors.ts). */
export const designStyle: ErrorStyle = {
  adapter: (failure, message) => ({ code: DESIGN_ADAPTER_CODES[failure], message }),
  graph(error, route) {
    return { status: statusForError(error), body: { code: designCodeOf(error, route.errorCodes), message: error.message }, headers: retryAfterHeader(error) };
  },
};
