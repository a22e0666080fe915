// @tier contract
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startEmbedded, type EmbeddedPlatform } from "../../../platform/embedded.js";
import { loadConfig, type Config } from "../../../lib/config.js";
import { anyDirectPorts } from "../../../rest-adapter/services.js";
import { registerAndLogin } from "../../../testing/accounts.js";
import { createTestDatabase, testSettings, type TestDatabase } from "../../../testing/database.js";
import { HttpClient } from "../../../testing/http.js";
import { domainsNamed } from "../../../testing/platform.js";
import { addBytes, getBytes, randomBytes } from "./fixtures.js";

const P2P_AND_ITS_NEIGHBOURS = await domainsNamed("accounts", "work", "p2p");
let database: TestDatabase;
let config: Config;
// In a hook, not at the top level: the files sharing this test process are loaded before any of them runs.
before(async () => {
  database = await createTestDatabase();
  config = loadConfig(testSettings(database, { PORT: "0", ...anyDirectPorts(), HOST: "127.0.0.1" }));
});
let running: EmbeddedPlatform | undefined;
after(async () => {
  await running?.close();
  await database.drop();
});

test("the node's peer id and the content it holds survive a restart of the platform", async () => {
  running = await startEmbedded(config, P2P_AND_ITS_NEIGHBOURS);
  const first = new HttpClient(running.direct.ipfs.url);
  const { token } = await registerAndLogin(new HttpClient(running.main.url));
  const bytes = randomBytes(1234);
  const added = await addBytes(first, bytes, token);
  assert.equal(added.status, 201, added.text);
  const before = (await first.get("/health")).body.peerId;
  assert.match(before, /^12D3KooW/);
  await running.close();
  running = undefined;

  running = await startEmbedded(config, P2P_AND_ITS_NEIGHBOURS);
  const second = new HttpClient(running.direct.ipfs.url);
  assert.equal((await second.get("/health")).body.peerId, before);
  const read = await getBytes(second.baseUrl, added.body.cid);
  assert.deepEqual([read.status, read.bytes], [200, bytes]);
});
