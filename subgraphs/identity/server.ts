import { buildSchema, loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { createContext } from "./context.js";
import { resolvers } from "./resolvers/index.js";

export const name = "identity";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));
export const schema = buildSchema(typeDefs, resolvers);

/** Serves the identity subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = { db: runtime.db.prisma, log: runtime.log, keys: { db: runtime.db.prisma, sealingKey: runtime.sealingKey } };
  return startSubgraph({ name, schema, runtime, port, host, context: (auth) => createContext(deps, auth) });
}
