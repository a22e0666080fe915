import { designStyle } from "../error-styles.js";
import type { RestService } from "../route-table.js";

const JWK = "kid kty alg use n e crv x";

/** A JWK without the members its key type does not have (GraphQL returns them as null). */
function jwkSet(keys: Record<string, unknown>[]) {
  return { keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([, value]) => value !== null))) };
}

/**
 * The design platform: `/v1/...` and `/rest/v1/...` (generated clients use a base ending in `/rest`);
 * the OAuth and OIDC paths also at `/auth/v1/...`. Errors are `{ code, message }`.
 */
export const designService: RestService = {
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
      method: "GET",
      path: "/connect/keys",
      operation: `query { webhookSigningKeys { ${JWK} } }`,
      body: (d) => jwkSet(d.webhookSigningKeys as Record<string, unknown>[]),
    },
  ],
};
