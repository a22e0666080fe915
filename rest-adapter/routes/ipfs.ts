import type { RestService } from "../route-table.js";

const HEALTH = "status peerId connectedPeers listenAddresses";

/**
 * The peer-to-peer node service: `/api/ipfs/...` and, on IPFS_PORT, `/...`. Health, peer info and peers
 * are public, connect too except in production; adding content needs a signed-in user, reading it by CID does not.
 */
export default {
  name: "ipfs",
  prefix: "/api/ipfs",
  directPort: { variable: "IPFS_PORT", port: 8086 },
  routes: [
    { method: "GET", path: "/health", operation: `query { p2pNode { ${HEALTH} } }`, body: (d) => d.p2pNode },
    {
      method: "GET",
      path: "/peer-info",
      operation: `query { p2pNode { peerId listenAddresses } }`,
      body: (d) => {
        const node = d.p2pNode as { peerId: string; listenAddresses: string[] };
        return { peerId: node.peerId, addresses: node.listenAddresses };
      },
    },
    {
      method: "GET",
      path: "/peers",
      operation: `query { p2pNode { connectedPeers peers } }`,
      body: (d) => {
        const node = d.p2pNode as { peers: string[] };
        return { count: node.peers.length, peers: node.peers };
      },
    },
    {
      method: "POST",
      path: "/connect",
      operation: `mutation($peerAddr: String!) { connectPeer(peerAddr: $peerAddr) { status peerId } }`,
      variables: ({ body }) => ({ peerAddr: body.peerAddr }),
      body: (d) => d.connectPeer,
    },
    {
      method: "POST",
      path: "/content",
      bytesBody: true,
      operation: `mutation($base64: String!) { addContent(base64: $base64) { cid size url } }`,
      variables: ({ rawBytes }) => ({ base64: (rawBytes ?? Buffer.alloc(0)).toString("base64") }),
      body: (d) => d.addContent,
      status: 201,
    },
    {
      method: "GET",
      path: "/content/:cid",
      operation: `query($cid: String!) { contentData(cid: $cid) { base64 } }`,
      variables: ({ params }) => ({ cid: params.cid }),
      bytes: (d) => ({ base64: (d.contentData as { base64: string }).base64, contentType: "application/octet-stream" }),
    },
  ],
} satisfies RestService;
