import { defineManifest } from "../../lib/modules/domain-manifest.js";

/** The platform's libp2p node (health, peers, connect) and the content its CIDs point to (the business platform's p2p service). */
export default defineManifest({
  name: "p2p",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4015,
  anyPortSettings: { P2P_LISTEN: "/ip4/127.0.0.1/tcp/0,/ip4/127.0.0.1/tcp/0/ws" },
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
