import { DomainError } from "../../../../lib/errors.js";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "access_denied";

/**
 * An OAuth 2.0 error (RFC 6749 §5.2): `extensions.oauthError` is its code in the protocol's own
 * vocabulary, which both the token endpoint's body and the authorization redirect carry.
 * `redirectable` says whether the authorization endpoint may send it back to the client's redirect URI
 * (never for an unknown client or an unregistered redirect URI).
 */
export class OAuthError extends DomainError {
  readonly code: string;
  readonly status: number;
  constructor(oauthCode: OAuthErrorCode, message: string, options: { redirectable?: boolean } = {}) {
    super(message, { oauthError: oauthCode, redirectable: options.redirectable ?? false });
    this.status = oauthCode === "invalid_client" ? 401 : 400;
    this.code = oauthCode === "invalid_client" ? "UNAUTHENTICATED" : "BAD_REQUEST";
    this.seal();
  }
}

export function requireToken(token: string): string {
  if (!token) throw new OAuthError("invalid_request", "token is required");
  return token;
}
