// @tier contract
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { noise } from "@chainsafe/libp2p-noise";
import { yamux } from "@chainsafe/libp2p-yamux";
import { tcp } from "@libp2p/tcp";
import { BaseBlockstore, MemoryBlockstore } from "blockstore-core";
import { CID } from "multiformats/cid";
import { multiaddr } from "@multiformats/multiaddr";
import { createLibp2p } from "libp2p";
import { registerAndLogin } from "../../../testing/accounts.js";
import type { HttpClient } from "../../../testing/http.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";
import { addBytes, assertCidShape, eventually, expectedCid, getBytes, randomBytes, startBitswapPeer } from "./fixtures.js";

const FETCH_TIMEOUT_MS = 1_500;

// Two whole platforms in this process, each with its own database and its own libp2p node on loopback.
let a: TestPlatform;
let b: TestPlatform;
let p: People;
let nodeA: HttpClient;
let nodeB: HttpClient;
let userOnB: { token: string };
before(async () => {
  ({ t: a, p } = await startWithPeople({ P2P_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS), P2P_MAX_CONNECTIONS: "1" }, ["accounts", "work", "p2p"]));
  b = await startTestPlatform({ P2P_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS) }, ["accounts", "work", "p2p"]);
  nodeA = a.direct("ipfs");
  nodeB = b.direct("ipfs");
  userOnB = await registerAndLogin(b.http, undefined, "Bea Builder");
});

/** Whether B holds content under `cid` (its GraphQL `content` reads only what B holds). */
async function heldByB(cid: string): Promise<unknown> {
  return (await b.http.graphql(`query($cid: String!) { content(cid: $cid) { cid size } }`, { cid })).body.data?.content;
}
after(async () => {
  await b?.stop();
  await a?.stop();
});

test("two nodes for real: B connects to A through POST /connect, each sees the other, B reads A's content by CID and keeps none of it", async () => {
  const infoA = (await nodeA.get("/peer-info")).body;
  const infoB = (await nodeB.get("/peer-info")).body;
  assert.notEqual(infoA.peerId, infoB.peerId);

  const connected = await nodeB.post("/connect", { peerAddr: infoA.addresses[0] });
  assert.deepEqual([connected.status, connected.body], [200, { status: "connected", peerId: infoA.peerId }], connected.text);

  await eventually(async () => {
    assert.deepEqual((await nodeB.get("/peers")).body, { count: 1, peers: [infoA.peerId] });
    assert.deepEqual((await nodeA.get("/peers")).body, { count: 1, peers: [infoB.peerId] });
  });
  assert.equal((await nodeA.get("/health")).body.connectedPeers, 1);

  const bytes = randomBytes(200_000);
  const added = await addBytes(nodeA, bytes, p.client.token);
  assert.equal(added.status, 201, added.text);
  assertCidShape(added.body.cid);
  assert.equal(added.body.cid, await expectedCid(bytes));

  const read = await getBytes(nodeB.baseUrl, added.body.cid);
  assert.equal(read.status, 200);
  assert.deepEqual(read.bytes, bytes, "the same bytes");
  assert.equal(await expectedCid(read.bytes), added.body.cid, "the CID recomputed from what B served");

  // Nothing is kept for a reader, anonymous or signed in: only adds pin content.
  assert.equal(await heldByB(added.body.cid), null);
  const signedIn = await b.http.graphql(`query($cid: String!) { contentData(cid: $cid) { size } }`, { cid: added.body.cid }, userOnB.token);
  assert.deepEqual(signedIn.body.data?.contentData, { size: 200_000 });
  assert.equal(await heldByB(added.body.cid), null);

  const unknown = await getBytes(nodeB.baseUrl, await expectedCid(randomBytes(99)));
  assert.equal(unknown.status, 404, "A does not have it either");
  assert.ok(unknown.ms < FETCH_TIMEOUT_MS + 2_000, `answered after ${unknown.ms} ms`);
});

test("A takes no more connections than P2P_MAX_CONNECTIONS (1 here): a third node is turned away", async () => {
  const infoA = (await nodeA.get("/peer-info")).body;
  const infoB = (await nodeB.get("/peer-info")).body;
  const third = await createLibp2p({ addresses: { listen: ["/ip4/127.0.0.1/tcp/0"] }, transports: [tcp()], connectionEncrypters: [noise()], streamMuxers: [yamux()] });
  try {
    await third.dial(multiaddr(infoA.addresses[0]), { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual((await nodeA.get("/peers")).body, { count: 1, peers: [infoB.peerId] });
    assert.equal(third.getPeers().length, 0);
  } finally {
    await third.stop();
  }
});

test("a standard bitswap peer outside the platform, over WebSockets, gets B's content, and B reads a block only that peer holds without keeping it", async () => {
  const infoB = (await nodeB.get("/peer-info")).body;
  const ours = randomBytes(12_345);
  const added = await addBytes(nodeB, ours, userOnB.token);
  assert.equal(added.status, 201, added.text);
  const theirs = randomBytes(30_000).map((byte) => byte ^ 0x5a);
  const theirCid = CID.parse(await expectedCid(theirs));
  const store = new MemoryBlockstore();
  await store.put(theirCid, theirs);
  const peer = await startBitswapPeer(store);
  try {
    const overWebSockets = infoB.addresses.find((address: string) => address.includes("/ws/"));
    assert.ok(overWebSockets, `B listens on WebSockets too: ${infoB.addresses.join(" ")}`);
    const connection = await peer.libp2p.dial(multiaddr(overWebSockets));
    assert.match(connection.remoteAddr.toString(), /\/ws/);
    const fromPeer = await getBytes(nodeB.baseUrl, theirCid.toString());
    assert.equal(fromPeer.status, 200, "B wanted it over bitswap from the outside peer");
    assert.deepEqual(fromPeer.bytes, theirs);

    const fromB = await peer.bitswap.want(CID.parse(added.body.cid), { signal: AbortSignal.timeout(5_000) });
    assert.deepEqual(new Uint8Array(fromB), ours, "B served its pinned block over bitswap");
  } finally {
    await peer.stop();
  }
  // The anonymous read kept nothing: with the peer gone, nobody has the block.
  assert.equal(await heldByB(theirCid.toString()), null);
  assert.equal((await getBytes(nodeB.baseUrl, theirCid.toString())).status, 404);
});

test("a bitswap peer already waiting for a block gets it the moment a user adds it to B", async () => {
  const infoB = (await nodeB.get("/peer-info")).body;
  const peer = await startBitswapPeer(new MemoryBlockstore());
  try {
    await peer.libp2p.dial(multiaddr(infoB.addresses[0]));
    const bytes = randomBytes(7_777).map((byte) => byte ^ 0x33);
    const cid = CID.parse(await expectedCid(bytes));
    const waiting = peer.bitswap.want(cid, { signal: AbortSignal.timeout(10_000) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const added = await addBytes(nodeB, bytes, userOnB.token);
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(new Uint8Array(await waiting), bytes);
  } finally {
    await peer.stop();
  }
});

test("a peer that answers over bitswap with bytes other than the CID's is not believed: 404, nothing kept", async () => {
  const infoB = (await nodeB.get("/peer-info")).body;
  let asked = 0;
  // A bitswap peer that claims to hold every block and sends the same wrong bytes for each.
  class LyingBlockstore extends BaseBlockstore {
    override get() {
      asked++;
      return new TextEncoder().encode("not what you asked for");
    }
    override has() {
      return true;
    }
  }
  const liar = await startBitswapPeer(new LyingBlockstore());
  try {
    await liar.libp2p.dial(multiaddr(infoB.addresses[0]));
    const cid = await expectedCid(randomBytes(4321));
    const read = await getBytes(nodeB.baseUrl, cid);
    assert.equal(read.status, 404);
    assert.ok(asked >= 1, "B asked the peer over bitswap");
    assert.equal(await heldByB(cid), null);
  } finally {
    await liar.stop();
  }
});
