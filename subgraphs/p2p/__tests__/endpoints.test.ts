// @tier contract
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import type { HttpClient } from "../../../testing/http.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { freePort } from "../../../testing/processes.js";
import { ValidationError } from "../../../lib/errors.js";
import { Settings } from "../../../lib/settings.js";
import { P2pNode } from "../domain/node.js";
import { p2pSettings } from "../settings.js";
import { addBytes, api, assertCidShape, expectedCid, getBytes, randomBytes } from "./fixtures.js";

const DIAL_TIMEOUT_MS = 1_500;
const FETCH_TIMEOUT_MS = 1_000;

let t: TestPlatform;
let p: People;
let ipfs: HttpClient;
before(async () => {
  ({ t, p } = await startWithPeople({ P2P_DIAL_TIMEOUT_MS: String(DIAL_TIMEOUT_MS), P2P_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS), P2P_CONTENT_MAX_BYTES: "4kb", P2P_DIALS_PER_MINUTE: "5" }, ["accounts", "work", "p2p"]));
  ipfs = t.direct("ipfs");
});
after(() => t.stop());

describe("the four documented endpoints (public)", () => {
  test("GET /health: status, peer id, connected peers, listen addresses on loopback TCP and WebSockets; the same on the main port", async () => {
    const health = await ipfs.get("/health");
    assert.equal(health.status, 200, health.text);
    assert.deepEqual(Object.keys(health.body).sort(), ["connectedPeers", "listenAddresses", "peerId", "status"]);
    assert.equal(health.body.status, "ok");
    assert.match(health.body.peerId, /^12D3KooW/, "an Ed25519 peer id");
    assert.equal(health.body.connectedPeers, 0);
    assert.equal(health.body.listenAddresses.length, 2);
    const [overTcp, overWebSockets] = health.body.listenAddresses;
    assert.match(overTcp, new RegExp(`^/ip4/127\\.0\\.0\\.1/tcp/\\d+/p2p/${health.body.peerId}$`));
    assert.match(overWebSockets, new RegExp(`^/ip4/127\\.0\\.0\\.1/tcp/\\d+/ws/p2p/${health.body.peerId}$`));
    const main = await t.http.get(api("/health"));
    assert.deepEqual([main.status, main.body], [200, health.body]);
  });

  test("GET /peer-info and GET /peers", async () => {
    const health = (await ipfs.get("/health")).body;
    const info = await t.http.get(api("/peer-info"));
    assert.deepEqual([info.status, info.body], [200, { peerId: health.peerId, addresses: health.listenAddresses }]);
    const peers = await ipfs.get("/peers");
    assert.deepEqual([peers.status, peers.body], [200, { count: 0, peers: [] }]);
  });

  test("POST /connect: a malformed multiaddress, a missing one, this node's own are 400", async () => {
    for (const peerAddr of ["not-a-multiaddr", "/ip4/999.1.1.1/tcp/1", "/tcp/abc", ""]) {
      const response = await ipfs.post("/connect", { peerAddr });
      assert.equal(response.status, 400, `${peerAddr}: ${response.text}`);
    }
    assert.equal((await ipfs.post("/connect", {})).status, 400);
    assert.equal((await ipfs.post("/connect", { peerAddr: 42 })).status, 400);
    const own = (await ipfs.get("/health")).body.listenAddresses[0];
    assert.equal((await ipfs.post("/connect", { peerAddr: own })).status, 400);
  });

  test("POST /connect to a closed port is 504, quickly", async () => {
    const port = await freePort();
    const started = Date.now();
    const response = await t.http.post(api("/connect"), { peerAddr: `/ip4/127.0.0.1/tcp/${port}` });
    assert.equal(response.status, 504, response.text);
    assert.ok(Date.now() - started < DIAL_TIMEOUT_MS + 2_000);
  });

  test("POST /connect to a peer that accepts and never answers is 504 within the dial bound: no hang, no 500", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const response = await ipfs.post("/connect", { peerAddr: `/ip4/127.0.0.1/tcp/${port}` });
      const took = Date.now() - started;
      assert.equal(response.status, 504, response.text);
      assert.ok(took >= DIAL_TIMEOUT_MS - 200 && took < DIAL_TIMEOUT_MS + 2_500, `answered after ${took} ms`);
    } finally {
      silent.close();
    }
  });

  test("dials per client address are limited (P2P_DIALS_PER_MINUTE): 429 with Retry-After; malformed addresses do not count", async () => {
    // Two dials so far in this file (the closed port, the silent peer).
    const port = await freePort();
    for (let i = 0; i < 3; i++) assert.equal((await ipfs.post("/connect", { peerAddr: `/ip4/127.0.0.1/tcp/${port}` })).status, 504);
    assert.equal((await ipfs.post("/connect", { peerAddr: "nonsense" })).status, 400);
    const refused = await ipfs.post("/connect", { peerAddr: `/ip4/127.0.0.1/tcp/${port}` });
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
  });

  test("GraphQL p2pNode is public and says what /health says", async () => {
    const result = await t.http.graphql(`{ p2pNode { peerId status connectedPeers listenAddresses peers } }`);
    const health = (await ipfs.get("/health")).body;
    assert.deepEqual(result.body.data?.p2pNode, { ...health, peers: [] });
  });
});

describe("content by CID", () => {
  test("a signed-in user adds bytes: 201 { cid } (CIDv1 raw sha2-256), read back byte for byte on both ports", async () => {
    const bytes = randomBytes(3000);
    const added = await addBytes(ipfs, bytes, p.client.token);
    assert.equal(added.status, 201, added.text);
    assertCidShape(added.body.cid);
    assert.equal(added.body.cid, await expectedCid(bytes));
    assert.equal(added.body.size, 3000);
    assert.match(added.body.url, new RegExp(`/api/ipfs/content/${added.body.cid}$`));
    for (const [base, prefix] of [[ipfs.baseUrl, ""], [t.http.baseUrl, "/api/ipfs"]] as const) {
      const read = await getBytes(base, added.body.cid, prefix);
      assert.equal(read.status, 200);
      assert.equal(read.type, "application/octet-stream");
      assert.deepEqual(read.bytes, bytes);
    }
    const again = await addBytes(t.http, bytes, p.staff.token, "/api/ipfs");
    assert.deepEqual([again.status, again.body.cid], [201, added.body.cid], "the same bytes, the same CID");
  });

  test("anonymous or badly signed adds are 401; nothing is stored", async () => {
    const bytes = randomBytes(10);
    assert.equal((await addBytes(ipfs, bytes)).status, 401);
    assert.equal((await addBytes(ipfs, bytes, "not-a-token")).status, 401);
    assert.equal((await getBytes(ipfs.baseUrl, await expectedCid(bytes))).status, 404);
  });

  test("content over P2P_CONTENT_MAX_BYTES is 413; over BODY_LIMIT too; empty content is 400", async () => {
    assert.equal((await addBytes(ipfs, randomBytes(4 * 1024 + 1), p.client.token)).status, 413);
    assert.equal((await addBytes(ipfs, randomBytes(4 * 1024), p.client.token)).status, 201);
    assert.equal((await addBytes(ipfs, randomBytes(2 * 1024 * 1024), p.client.token)).status, 413);
    assert.equal((await addBytes(ipfs, new Uint8Array(0), p.client.token)).status, 400);
  });

  test("an unknown CID is 404 (no peers to ask: at once); a malformed one is 400", async () => {
    const unknown = await getBytes(ipfs.baseUrl, await expectedCid(randomBytes(77)));
    assert.equal(unknown.status, 404);
    assert.ok(unknown.ms < FETCH_TIMEOUT_MS + 2_000);
    assert.equal((await getBytes(ipfs.baseUrl, "not-a-cid")).status, 400);
    assert.equal((await getBytes(ipfs.baseUrl, "bafyreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy".replace("bafyrei", "bafyrex"))).status, 400);
  });

  test("WorkOrder.document and Project.metadata resolve the work domain's CIDs across subgraphs", async () => {
    const bytes = randomBytes(500);
    const { cid } = (await addBytes(ipfs, bytes, p.client.token)).body;
    const project = await t.http.post("/api/work/projects", { name: "With metadata", ipfsMetadataCid: cid }, { token: p.staff.token });
    assert.equal(project.status, 201, project.text);
    const order = await t.http.post(
      "/api/work/workorders",
      { projectId: project.body.id, title: "Doc", orderNumber: `WO-P2P-${process.pid}`, ipfsDocumentCid: cid },
      { token: p.staff.token },
    );
    assert.equal(order.status, 201, order.text);
    const bare = await t.http.post("/api/work/projects", { name: "Without" }, { token: p.staff.token });
    const result = await t.http.graphql(
      `query($p: ID!, $o: ID!, $bare: ID!) {
        project(id: $p) { metadata { cid size url } }
        workOrder(id: $o) { document { cid size url } }
        other: project(id: $bare) { metadata { cid } }
      }`,
      { p: project.body.id, o: order.body.id, bare: bare.body.id },
      p.staff.token,
    );
    assert.equal(result.body.errors, undefined, JSON.stringify(result.body.errors));
    const expected = { cid, size: 500, url: `${t.config.publicUrl}/api/ipfs/content/${cid}` };
    assert.deepEqual(result.body.data, { project: { metadata: expected }, workOrder: { document: expected }, other: { metadata: null } });
  });
});

describe("safe by default", () => {
  test("production settings: private dials refused unless P2P_ALLOW_PRIVATE=true; listening on TCP 4101 and WebSockets 4102; connections and content bounded", () => {
    const production = p2pSettings(new Settings({ NODE_ENV: "production" }));
    assert.deepEqual([production.allowPrivate, production.listen, production.maxConnections, production.contentMaxBytes], [false, ["/ip4/0.0.0.0/tcp/4101", "/ip4/0.0.0.0/tcp/4102/ws"], 100, 512 * 1024]);
    assert.equal(p2pSettings(new Settings({ NODE_ENV: "production", P2P_ALLOW_PRIVATE: "true" })).allowPrivate, true);
    const development = p2pSettings(new Settings({}));
    assert.deepEqual([development.allowPrivate, development.listen], [true, ["/ip4/127.0.0.1/tcp/0", "/ip4/127.0.0.1/tcp/0/ws"]]);
    assert.deepEqual(p2pSettings(new Settings({ P2P_LISTEN: "/ip4/127.0.0.1/tcp/0, /ip4/127.0.0.1/tcp/0" })).listen.length, 2);
    assert.throws(() => p2pSettings(new Settings({ P2P_CONTENT_MAX_BYTES: "1mb" })), /BODY_LIMIT/);
  });

  test("a production node refuses loopback, private and DNS-to-loopback dials (400) and dials nothing", async () => {
    const settings = p2pSettings(new Settings({ NODE_ENV: "production", P2P_LISTEN: "/ip4/127.0.0.1/tcp/0", P2P_DIAL_TIMEOUT_MS: "1500" }));
    const node = new P2pNode(t.platform.runtime.db.prisma, settings, t.platform.runtime.log);
    await node.start();
    try {
      const target = (await ipfs.get("/peer-info")).body;
      const port = target.addresses[0].split("/")[4];
      for (const address of [target.addresses[0], "/ip4/10.1.2.3/tcp/4001", "/ip4/192.168.0.1/tcp/4001", "/ip6/::1/tcp/4001", `/dns4/localhost/tcp/${port}`]) {
        await assert.rejects(node.connect(address), (error: Error) => error instanceof ValidationError, address);
      }
      assert.deepEqual(node.peers(), []);
    } finally {
      await node.stop();
    }
  });
});
