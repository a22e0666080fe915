import { loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import { designSubgraphSchema, type DesignRateTable } from "../../lib/graphql/design-rate-limits.js";
import type { LimiterFactory } from "../../lib/rate-limit.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { designTokenVerifier } from "./domain/oauth/access-tokens.js";
import { keyStoreOf } from "./domain/signing-keys.js";
import { createContext } from "./context.js";
import { resolvers } from "./resolvers/index.js";

export const name = "identity";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));

/** The documented limits per integration and user, per minute. */
export const IDENTITY_RATE_LIMITS: DesignRateTable = {
  "Query.designMe": { operation: "getUsersMe", perMinute: 10 },
  "Query.designProfileName": { operation: "getUserProfile", perMinute: 10 },
  "Query.designCapabilities": { operation: "getUserCapabilities", perMinute: 10 },
  "Query.userInfo": { operation: "userInfo", perMinute: 10 },
};

/** The served schema: scopes enforced, rate limits counted with `limiters`. */
export const schema = (limiters: LimiterFactory) => designSubgraphSchema(typeDefs, resolvers, IDENTITY_RATE_LIMITS, limiters);

/** Serves the identity subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = { db: runtime.db.prisma, log: runtime.log, keys: keyStoreOf(runtime) };
  return startSubgraph({
    name,
    schema: schema(runtime.limiters),
    runtime,
    port,
    host,
    context: (auth) => createContext(deps, auth),
    designTokens: designTokenVerifier(runtime),
  });
}
