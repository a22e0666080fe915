import { defineDomain } from "../../lib/modules/domain-module.js";
import type { P2pDependencies, P2pLoaders } from "./context.js";
import { P2pNode } from "./domain/node.js";
import { resolvers } from "./resolvers/index.js";
import { p2pSettings } from "./settings.js";

/** The platform's libp2p node (health, peers, connect) and the content its CIDs point to (the business platform's p2p service). */
export default defineDomain({
  name: "p2p",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  anyPortSettings: { P2P_LISTEN: "/ip4/127.0.0.1/tcp/0,/ip4/127.0.0.1/tcp/0/ws" },
  port: 4015,
  settings: p2pSettings,
  dependencies: (runtime, settings): P2pDependencies => ({
    node: new P2pNode(runtime.db.prisma, settings, runtime.log),
    settings,
    dials: runtime.limiters({ name: "p2p-dials", points: settings.dialsPerMinute, durationSeconds: 60 }),
    publicUrl: runtime.config.publicUrl,
  }),
  loaders: (): P2pLoaders => ({}),
  start: ({ node }) => node.start(),
  stop: ({ node }) => node.stop(),
  codegen: {
    context: "../context.js#P2pContext",
    mappers: {
      P2pNode: "../domain/node.js#NodeHealth",
      Content: "../domain/content.js#ContentModel",
      WorkOrder: "../domain/references.js#WorkOrderCid",
      Project: "../domain/references.js#ProjectCid",
    },
  },
});
