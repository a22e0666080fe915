import { buildSchema, loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { createContext } from "./context.js";
import { createCardProcessor } from "./domain/card-processor.js";
import { resolvers } from "./resolvers/index.js";

export const name = "payments";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));
export const schema = buildSchema(typeDefs, resolvers);

/** Serves the payments subgraph on `port` (0 picks a free one). */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = {
    db: runtime.db.prisma,
    log: runtime.log,
    processor: createCardProcessor(runtime.config.processor),
    webhookSecret: runtime.config.processor.webhookSecret,
  };
  return startSubgraph({ name, schema, runtime, port, host, context: (auth) => createContext(deps, auth) });
}
