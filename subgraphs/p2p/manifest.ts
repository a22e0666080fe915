import { defineManifest } from "../../lib/modules/domain-manifest.js";

/** The platform's libp2p node (health, peers, connect) and the content its CIDs point to (the business platform's p2p service). */
export default defineManifest({
  name: "p2p",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4015,
  // Every replica would carry the same peer id (its key is kept in the database).
  singleReplica: true,
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
  settingDocs: [
    { names: ["P2P_LISTEN"], default: "`/ip4/127.0.0.1/tcp/0,/ip4/127.0.0.1/tcp/0/ws` (production: `/ip4/0.0.0.0/tcp/4101,/ip4/0.0.0.0/tcp/4102/ws`)", meaning: "multiaddresses the libp2p node listens on, comma-separated" },
    { names: ["P2P_ALLOW_PRIVATE"], default: "`true`, with `NODE_ENV=production` `false`", meaning: "let the node dial loopback, private and link-local addresses" },
    { names: ["P2P_DIAL_TIMEOUT_MS"], default: "`5000`", meaning: "how long `POST /connect` waits for a peer before 504" },
    { names: ["P2P_FETCH_TIMEOUT_MS"], default: "`5000`", meaning: "how long `GET /content/{cid}` asks connected peers before 404" },
    { names: ["P2P_DIALS_PER_MINUTE"], default: "`30`", meaning: "`POST /connect` dials one client address may ask for per minute; past it 429 with `Retry-After` (malformed addresses do not count; refused ones do: checking a name costs lookups)" },
    { names: ["P2P_MAX_CONNECTIONS"], default: "`100`", meaning: "open peer connections at most" },
    { names: ["P2P_CONTENT_MAX_BYTES"], default: "`512kb` (less when `BODY_LIMIT` is under about 700 KB)", meaning: "largest content one `POST /content` adds (at most about ¾ of `BODY_LIMIT`; a larger value set stops the start)" },
    { names: ["P2P_PIN_QUOTA_BYTES"], default: "`64mb`", meaning: "content one user may keep on the node (the sum of what they added); an add past it is 413 and stores nothing" },
  ],
});
