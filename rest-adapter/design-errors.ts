import type { GraphQLFormattedError } from "graphql";
import type { AdapterFailure } from "./error-styles.js";

/** Failures the adapter finds itself, as the design platform names them. */
export const DESIGN_ADAPTER_CODES: Record<AdapterFailure, string> = {
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
  invalid_query_param: "bad_query_params",
  invalid_request: "invalid_request",
  not_octet_stream: "bad_request_body",
};

/**
 * The design platform's code for each of the graph's errors, by the keys `domainErrorKeys` gives.
 * A route whose operation documents codes of its own says them in its `errorCodes`.
 */
export const DESIGN_ERROR_CODES: Record<string, string> = {
  UNAUTHENTICATED: "invalid_access_token",
  TOKEN_REVOKED: "revoked_access_token",
  FORBIDDEN: "permission_denied",
  MISSING_SCOPE: "missing_scope",
  COMMENT_LIMIT_REACHED: "too_many_comments",
  REPLY_LIMIT_REACHED: "too_many_replies",
  NOT_FOUND: "not_found",
  "NOT_FOUND:design": "design_not_found",
  "NOT_FOUND:asset": "asset_not_found",
  BAD_USER_INPUT: "invalid_field",
  BAD_REQUEST: "bad_request_body",
  MESSAGE_TOO_LONG: "message_too_long",
  CONFLICT: "conflict",
  RATE_LIMITED: "too_many_requests",
  SERVICE_UNAVAILABLE: "service_unavailable",
  BAD_GATEWAY: "internal_error",
};

/**
 * What a domain error says, most specific first (lib/errors.ts `ErrorDetails`): its `reason`, its
 * code with the entity it is about (`NOT_FOUND:design`) or the field (`BAD_REQUEST:title`), its code.
 */
export function domainErrorKeys(error: GraphQLFormattedError): string[] {
  const { code, reason, entity, field } = error.extensions ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const qualified = (qualifier: unknown) => (text(qualifier) ? `${String(code)}:${text(qualifier)}` : undefined);
  return [text(reason), qualified(entity), qualified(field), String(code)].filter((key): key is string => key !== undefined);
}

/**
 * The design platform's code for a graph error on a route: an OAuth error keeps its RFC 6749 code
 * (the platform's OAuth endpoints answer with those), else the route's own word for it, else the
 * platform's, else `internal_error`.
 */
export function designCodeOf(error: GraphQLFormattedError, routeCodes: Record<string, string> = {}): string {
  const oauth = error.extensions?.oauthError;
  if (typeof oauth === "string") return oauth;
  const keys = domainErrorKeys(error);
  for (const codes of [routeCodes, DESIGN_ERROR_CODES]) {
    const key = keys.find((candidate) => Object.hasOwn(codes, candidate));
    if (key !== undefined) return codes[key];
  }
  return "internal_error";
}
