import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Teams and plans, capabilities, integrations, OAuth 2.0 + PKCE, OpenID Connect and signing keys. */
export default defineManifest({
  name: "identity",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4004,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designMe": { operation: "getUsersMe", perMinute: 10 },
    "Query.designProfileName": { operation: "getUserProfile", perMinute: 10 },
    "Query.designCapabilities": { operation: "getUserCapabilities", perMinute: 10 },
    "Query.userInfo": { operation: "userInfo", perMinute: 10 },
  },
  codegen: { context: "../context.js#IdentityContext", mappers: { Team: prismaModel("Team"), Integration: prismaModel("OAuthClient"), User: ENTITY_REFERENCE } },
  settingDocs: [
    { names: ["INTEGRATIONS_PER_OWNER"], default: "`10`", meaning: "integrations (OAuth clients) one user may register; the operator's `npm run oauth:client` is not counted against it" },
  ],
});
