import { createHash, randomBytes } from "node:crypto";
import type { ClientSettings } from "./settings.js";

/** One sign-in under way: what the authorization URL carries, and what only this side knows (the verifier). */
export interface PendingAuthorization {
  /** Where to send the user: the platform's sign-in and consent page. */
  url: string;
  state: string;
  verifier: string;
  redirectUri: string;
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
  id_token?: string;
}

/** The OAuth error the platform answered (`invalid_grant`, …), or the callback brought back (`access_denied`). */
export class OAuthFailure extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const random = () => randomBytes(32).toString("base64url");

/** Step 1: a fresh state and PKCE verifier (S256), and the authorization URL that carries the state and the challenge. */
export function beginAuthorization(client: ClientSettings, redirectUri: string, scope: string): PendingAuthorization {
  const state = random();
  const verifier = random();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  return { url: `${client.platformUrl}/oauth/authorize?${query}`, state, verifier, redirectUri };
}

/**
 * Step 2, at the redirect URI: the code, once the callback's `state` is the one this sign-in sent (else it
 * is someone else's callback, and refused). A denial (`error=access_denied`) is an OAuthFailure.
 */
export function codeOfCallback(pending: PendingAuthorization, query: URLSearchParams): string {
  if (query.get("state") !== pending.state) throw new OAuthFailure("state_mismatch", "This callback does not belong to the sign-in that was started (its state differs)");
  const error = query.get("error");
  if (error) throw new OAuthFailure(error, query.get("error_description") ?? error);
  const code = query.get("code");
  if (!code) throw new OAuthFailure("invalid_request", "The callback carries no code");
  return code;
}

/** A form to one of the OAuth endpoints, authenticated with the client's secret (HTTP Basic): only a backend may hold it. */
const postForm = (client: ClientSettings, path: string, form: Record<string, string>): Promise<Response> =>
  fetch(`${client.platformUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams(form),
  });

async function tokenRequest(client: ClientSettings, form: Record<string, string>): Promise<Tokens> {
  const response = await postForm(client, "/v1/oauth/token", form);
  const body = (await response.json().catch(() => ({}))) as Partial<Tokens> & { error?: string; error_description?: string; code?: string; message?: string };
  if (!response.ok || !body.access_token) {
    throw new OAuthFailure(body.error ?? body.code ?? `http_${response.status}`, body.error_description ?? body.message ?? `the token endpoint answered ${response.status}`);
  }
  return body as Tokens;
}

/** Step 3: the code and the verifier for tokens. */
export const exchangeCode = (client: ClientSettings, pending: PendingAuthorization, code: string): Promise<Tokens> =>
  tokenRequest(client, { grant_type: "authorization_code", code, code_verifier: pending.verifier, redirect_uri: pending.redirectUri });

/** New tokens for a refresh token (which the platform rotates: the old one must not be sent again). */
export const refreshTokens = (client: ClientSettings, refreshToken: string): Promise<Tokens> =>
  tokenRequest(client, { grant_type: "refresh_token", refresh_token: refreshToken });

/** Signing out: revoking the refresh token revokes every token of the grant, and the consent. */
export async function revokeToken(client: ClientSettings, token: string): Promise<void> {
  await postForm(client, "/v1/oauth/revoke", { token });
}
