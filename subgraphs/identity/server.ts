import { buildSchema, loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import { enforceScopeDirectives } from "../../lib/graphql/scope-directives.js";
import { enforceDesignRateLimits, type DesignRateTable } from "../../lib/graphql/design-rate-limits.js";
import { checkAccessToken } from "./domain/oauth/access-tokens.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { createContext } from "./context.js";
import { resolvers } from "./resolvers/index.js";

export const name = "identity";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));
export const schema = enforceScopeDirectives(buildSchema(typeDefs, resolvers));

/** The documented limits per integration and user, per minute. */
export const IDENTITY_RATE_LIMITS: DesignRateTable = {
  "Query.designMe": { operation: "getUsersMe", perMinute: 10 },
  "Query.designProfileName": { operation: "getUserProfile", perMinute: 10 },
  "Query.designCapabilities": { operation: "getUserCapabilities", perMinute: 10 },
  "Query.userInfo": { operation: "userInfo", perMinute: 10 },
};

/** Serves the identity subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const keys = { db: runtime.db.prisma, sealingKey: runtime.sealingKey, issuer: runtime.config.publicUrl };
  const deps = { db: runtime.db.prisma, log: runtime.log, keys };
  return startSubgraph({
    name,
    schema: enforceDesignRateLimits(enforceScopeDirectives(buildSchema(typeDefs, resolvers)), IDENTITY_RATE_LIMITS, runtime.limiters),
    runtime,
    port,
    host,
    context: (auth) => createContext(deps, auth),
    designTokens: (token) => checkAccessToken(runtime.db.prisma, keys, token),
  });
}
