// @tier process
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../../testing/database.js";
import { HttpClient } from "../../../testing/http.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";
import { freePort, startProcess, waitUntilHealthy, type Child } from "../../../testing/processes.js";
import { eventually } from "./fixtures.js";

const NODE = `{ p2pNode { peerId status listenAddresses peers } }`;

let database: TestDatabase;
let platform: TestPlatform;
let child: Child | undefined;
let env: Record<string, string>;
let subgraph: HttpClient;

async function startNodeProcess(): Promise<void> {
  child = startProcess(["scripts/start-subgraph.ts", "p2p"], env);
  await waitUntilHealthy(`${subgraph.baseUrl}/healthz`, child);
}

before(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  env = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    P2P_SUBGRAPH_PORT: String(port),
  };
  subgraph = new HttpClient(`http://127.0.0.1:${port}`);
  platform = await startTestPlatform({}, ["accounts", "work", "p2p"]);
});
after(async () => {
  await child?.stop();
  await platform?.stop();
  await database?.drop();
});

test("the node runs as its own process (npm run start:subgraph -- p2p), keeps its peer id across a restart, and a platform node connects to it", async () => {
  await startNodeProcess();
  const first = (await subgraph.graphql(NODE)).body.data?.p2pNode;
  assert.equal(first.status, "ok");
  assert.match(first.peerId, /^12D3KooW/);
  await child!.stop();

  await startNodeProcess();
  const second = (await subgraph.graphql(NODE)).body.data?.p2pNode;
  assert.equal(second.peerId, first.peerId, "the same key pair, read back from the database");

  const connected = await platform.direct("ipfs").post("/connect", { peerAddr: second.listenAddresses[0] });
  assert.deepEqual([connected.status, connected.body], [200, { status: "connected", peerId: first.peerId }], connected.text);
  const own = (await platform.direct("ipfs").get("/peer-info")).body.peerId;
  await eventually(async () => assert.deepEqual((await subgraph.graphql(NODE)).body.data?.p2pNode.peers, [own]));
});
