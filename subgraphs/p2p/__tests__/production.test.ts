// @tier contract
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { noise } from "@chainsafe/libp2p-noise";
import { yamux } from "@chainsafe/libp2p-yamux";
import { tcp } from "@libp2p/tcp";
import { webSockets } from "@libp2p/websockets";
import { createLibp2p, type Libp2p } from "libp2p";
import { GatewayTimeoutError, ValidationError } from "../../../lib/errors.js";
import { Settings } from "../../../lib/settings.js";
import { registerAndLogin } from "../../../testing/accounts.js";
import type { HttpClient } from "../../../testing/http.js";
import { domainsNamed, startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

/** The p2p domain, the accounts domain its callers sign in with, and the work domain whose entities it extends. */
const P2P_AND_ITS_NEIGHBOURS = await domainsNamed("accounts", "work", "p2p");
import { P2pNode } from "../domain/node.js";
import { p2pSettings } from "../settings.js";

// A production platform (private dials refused) and, beside it, a node listening on loopback only.
let t: TestPlatform;
let ipfs: HttpClient;
let token: string;
let target: Libp2p;
/** Connections the loopback node saw, inbound or outbound. */
let targetConnections = 0;
const ports = { tcp: "", ws: "" };
before(async () => {
  t = await startTestPlatform({ NODE_ENV: "production", P2P_DIAL_TIMEOUT_MS: "1500" }, P2P_AND_ITS_NEIGHBOURS);
  ipfs = t.direct("ipfs");
  ({ token } = await registerAndLogin(t.http));
  target = await createLibp2p({
    addresses: { listen: ["/ip4/127.0.0.1/tcp/0", "/ip4/127.0.0.1/tcp/0/ws"] },
    transports: [tcp(), webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
  });
  target.addEventListener("connection:open", () => targetConnections++);
  const [overTcp, overWebSockets] = target.getMultiaddrs().map((address) => address.toString());
  ports.tcp = overTcp.split("/")[4];
  ports.ws = overWebSockets.split("/")[4];
});
after(async () => {
  await target?.stop();
  await t?.stop();
});

test("anonymous POST /connect is 401 in production, before any dial; health, peer-info and peers stay public", async () => {
  for (const token of [undefined, "not-a-token"]) {
    const response = await ipfs.post("/connect", { peerAddr: target.getMultiaddrs()[0].toString() }, { token });
    assert.equal(response.status, 401, response.text);
  }
  for (const path of ["/health", "/peer-info", "/peers"]) assert.equal((await ipfs.get(path)).status, 200, path);
  assert.equal(targetConnections, 0);
});

test("names, mapped and unspecified addresses reaching a loopback-only node are refused with 400; nothing connects", async () => {
  for (const peerAddr of [
    `/dns4/localhost/tcp/${ports.tcp}`,
    `/dns/localhost/tcp/${ports.ws}/ws`,
    `/dns6/localhost/tcp/${ports.tcp}`,
    "/dnsaddr/localhost",
    `/ip6/::ffff:127.0.0.1/tcp/${ports.tcp}`,
    `/ip4/0.0.0.0/tcp/${ports.tcp}`,
  ]) {
    const response = await ipfs.post("/connect", { peerAddr }, { token });
    assert.equal(response.status, 400, `${peerAddr}: ${response.status} ${response.text}`);
    assert.match(response.text, /refused|does not resolve|did not resolve|lists no address/, peerAddr);
  }
  assert.deepEqual((await ipfs.get("/peers")).body, { count: 0, peers: [] });
  assert.equal(targetConnections, 0, "the loopback node saw no connection");
});

test("a Unix socket is never dialed: 400, the socket saw no connection", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "p2p-unix-"));
  const socketPath = path.join(dir, "node.sock");
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  try {
    const response = await ipfs.post("/connect", { peerAddr: `/unix/${encodeURIComponent(socketPath)}` }, { token });
    assert.equal(response.status, 400, response.text);
    assert.match(response.text, /Unix sockets are refused/);
    assert.equal(accepted, 0);
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a name that was public when checked and is loopback when connected (DNS rebinding) is not connected to", async () => {
  const settings = p2pSettings(new Settings({ NODE_ENV: "production", P2P_LISTEN: "/ip4/127.0.0.1/tcp/0", P2P_DIAL_TIMEOUT_MS: "1500" }));
  // The check before the dial hears a public address; the transport's own lookup then finds loopback.
  const rebinding = { lookup: async () => ["93.184.216.34"], txt: async () => [] };
  const node = new P2pNode(t.platform.runtime.db.prisma, settings, t.platform.runtime.log, rebinding);
  await node.start();
  try {
    for (const address of [`/dns4/localhost/tcp/${ports.tcp}`, `/dns/localhost/tcp/${ports.ws}/ws`]) {
      await assert.rejects(node.connect(address), (error: Error) => error instanceof ValidationError || error instanceof GatewayTimeoutError, address);
    }
    assert.deepEqual(node.peers(), []);
    assert.equal(targetConnections, 0);
  } finally {
    await node.stop();
  }
});

test("refused dials spend the caller's dial budget too (checking a name costs lookups): past P2P_DIALS_PER_MINUTE, 429", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 31 && statuses.at(-1) !== 429; i++) statuses.push((await ipfs.post("/connect", { peerAddr: `/dns4/localhost/tcp/${ports.tcp}` }, { token })).status);
  assert.equal(statuses.at(-1), 429, statuses.join(","));
  assert.ok(statuses.slice(0, -1).every((status) => status === 400), statuses.join(","));
});
