import { authenticate } from "../../lib/auth/request-auth.js";
import { buildSchema, loadTypeDefs, serveSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { createContext } from "./context.js";
import { resolvers } from "./resolvers/index.js";

export const name = "work";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));
export const schema = buildSchema(typeDefs, resolvers);

/** Serves the work subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = { db: runtime.db.prisma, log: runtime.log };
  return serveSubgraph({
    name,
    schema,
    log: runtime.log,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    port,
    host,
    context: async ({ authorization }) => createContext(deps, await authenticate(authorization, runtime.tokens)),
  });
}
