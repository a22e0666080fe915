import type { Request, Response } from "express";
import { SCOPES } from "../../lib/auth/design-scopes.js";

/** `/.well-known/openid-configuration` (OpenID Connect Discovery) for this deployment's public URL. */
export function openidConfiguration(publicUrl: string) {
  const document = {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}/oauth/authorize`,
    token_endpoint: `${publicUrl}/v1/oauth/token`,
    introspection_endpoint: `${publicUrl}/v1/oauth/introspect`,
    revocation_endpoint: `${publicUrl}/v1/oauth/revoke`,
    userinfo_endpoint: `${publicUrl}/v1/oidc/userinfo`,
    jwks_uri: `${publicUrl}/v1/oidc/jwks`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    scopes_supported: SCOPES,
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    claims_supported: ["sub", "name", "given_name", "family_name", "email", "email_verified", "nonce"],
  };
  return (_req: Request, res: Response) => void res.json(document);
}
