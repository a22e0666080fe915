import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { keyStoreOf } from "../../lib/auth/design-token.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { identitySettings } from "./settings.js";

/** Teams and plans, capabilities, integrations, OAuth 2.0 + PKCE, OpenID Connect and signing keys. */
export default defineDomain({
  name: "identity",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4004,
  settings: identitySettings,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designMe": { operation: "getUsersMe", perMinute: 10 },
    "Query.designProfileName": { operation: "getUserProfile", perMinute: 10 },
    "Query.designCapabilities": { operation: "getUserCapabilities", perMinute: 10 },
    "Query.userInfo": { operation: "userInfo", perMinute: 10 },
  },
  dependencies: (runtime, settings) => ({ db: runtime.db.prisma, log: runtime.log, keys: keyStoreOf(runtime), integrations: settings }),
  loaders: ({ db }) => createLoaders(db),
  codegen: { context: "../context.js#IdentityContext", mappers: { Team: prismaModel("Team"), Integration: prismaModel("OAuthClient"), User: ENTITY_REFERENCE } },
});
