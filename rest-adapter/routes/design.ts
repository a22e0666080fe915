import { designStyle } from "../error-styles.js";
import type { RestRequest, RestService } from "../route-table.js";

const JWK = "kid kty alg use n e crv x";

/** The object without members that are null (absent in the platform's JSON). */
function present(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null));
}

function jwkSet(keys: Record<string, unknown>[]) {
  return { keys: keys.map(present) };
}

/** Client credentials by HTTP Basic (`client_id:client_secret`, form-encoded parts) or body fields. */
function clientCredentials({ headers, body }: RestRequest) {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(String(headers.authorization ?? ""));
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const separator = decoded.indexOf(":");
    if (separator > 0) {
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
      return { clientId: decode(decoded.slice(0, separator)), clientSecret: decode(decoded.slice(separator + 1)) };
    }
  }
  return { clientId: text(body.client_id), clientSecret: text(body.client_secret) };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
const OAUTH = { alsoAuth: true, form: true, noBrowser: true } as const;
const TOKENS = "accessToken refreshToken tokenType expiresIn scope idToken";
const USER_INFO = "sub name givenName familyName email emailVerified";

/**
 * The design platform: `/v1/...` and `/rest/v1/...` (generated clients use a base ending in `/rest`);
 * the OAuth and OIDC paths also at `/auth/v1/...`. Errors are `{ code, message }`.
 */
export default {
  name: "design",
  prefix: "/v1",
  alsoUnder: ["/rest/v1"],
  authPrefix: "/auth/v1",
  errorStyle: designStyle,
  routes: [
    {
      method: "GET",
      path: "/oidc/jwks",
      operation: `query { oidcSigningKeys { ${JWK} } }`,
      body: (d) => jwkSet(d.oidcSigningKeys as Record<string, unknown>[]),
      alsoAuth: true,
    },
    {
      method: "POST",
      path: "/oauth/token",
      operation: `mutation($client: ClientCredentialsInput!, $request: TokenRequestInput!) {
        exchangeOAuthToken(client: $client, request: $request) { ${TOKENS} } }`,
      variables: (request) => ({
        client: clientCredentials(request),
        request: {
          grantType: text(request.body.grant_type),
          code: text(request.body.code),
          codeVerifier: text(request.body.code_verifier),
          redirectUri: text(request.body.redirect_uri),
          refreshToken: text(request.body.refresh_token),
          scope: text(request.body.scope),
        },
      }),
      body: (d) => {
        const t = d.exchangeOAuthToken as Record<string, unknown>;
        return present({
          access_token: t.accessToken,
          refresh_token: t.refreshToken,
          token_type: t.tokenType,
          expires_in: t.expiresIn,
          scope: t.scope,
          id_token: t.idToken,
        });
      },
      ...OAUTH,
    },
    {
      method: "POST",
      path: "/oauth/introspect",
      operation: `mutation($client: ClientCredentialsInput!, $token: String!) {
        introspectOAuthToken(client: $client, token: $token) { active scope client exp iat nbf jti sub } }`,
      variables: (request) => ({ client: clientCredentials(request), token: text(request.body.token) ?? "" }),
      body: (d) => present(d.introspectOAuthToken as Record<string, unknown>),
      ...OAUTH,
    },
    {
      method: "POST",
      path: "/oauth/revoke",
      operation: `mutation($client: ClientCredentialsInput!, $token: String!) { revokeOAuthToken(client: $client, token: $token) { revoked } }`,
      variables: (request) => ({ client: clientCredentials(request), token: text(request.body.token) ?? "" }),
      body: () => ({}),
      ...OAUTH,
    },
    {
      method: "GET",
      path: "/oidc/userinfo",
      operation: `query { userInfo { ${USER_INFO} } }`,
      body: (d) => {
        const u = d.userInfo as Record<string, unknown>;
        return present({ sub: u.sub, name: u.name, given_name: u.givenName, family_name: u.familyName, email: u.email, email_verified: u.emailVerified });
      },
      alsoAuth: true,
    },
    {
      method: "GET",
      path: "/users/me",
      operation: `query { designMe { userId teamId } }`,
      body: (d) => {
        const me = d.designMe as { userId: string; teamId: string };
        return { team_user: { user_id: me.userId, team_id: me.teamId } };
      },
    },
    {
      method: "GET",
      path: "/users/me/profile",
      operation: `query { designProfileName }`,
      body: (d) => ({ profile: { display_name: d.designProfileName } }),
    },
    {
      method: "GET",
      path: "/users/me/capabilities",
      operation: `query { designCapabilities }`,
      body: (d) => ({ capabilities: d.designCapabilities }),
    },
    {
      method: "GET",
      path: "/apps/:appId/jwks",
      operation: `query($appId: ID!) { appSigningKeys(appId: $appId) { ${JWK} } }`,
      variables: ({ params }) => ({ appId: params.appId }),
      body: (d) => jwkSet(d.appSigningKeys as Record<string, unknown>[]),
    },
    {
      method: "GET",
      path: "/connect/keys",
      operation: `query { webhookSigningKeys { ${JWK} } }`,
      body: (d) => jwkSet(d.webhookSigningKeys as Record<string, unknown>[]),
    },
  ],
} satisfies RestService;
