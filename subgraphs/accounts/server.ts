import { buildSchema, loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { createContext } from "./context.js";
import { resolvers } from "./resolvers/index.js";

export const name = "accounts";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));
export const schema = buildSchema(typeDefs, resolvers);

/** Serves the accounts subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = {
    db: runtime.db.prisma,
    tokens: runtime.tokens,
    signIn: runtime.config.blockchainSignIn,
    log: runtime.log,
    limits: {
      loginFailures: runtime.limiters({
        name: "login-failures",
        points: runtime.config.rateLimits.loginFailures,
        durationSeconds: runtime.config.rateLimits.loginWindowSeconds,
      }),
      challenges: runtime.limiters({
        name: "sign-in-challenges",
        points: runtime.config.rateLimits.challengesPerMinute,
        durationSeconds: 60,
      }),
    },
  };
  return startSubgraph({ name, schema, runtime, port, host, context: (auth) => createContext(deps, auth) });
}
