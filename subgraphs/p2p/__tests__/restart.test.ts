// @tier contract
import assert from "node:assert/strict";
import { randomBytes as secret } from "node:crypto";
import { after, test } from "node:test";
import { startEmbedded, type EmbeddedPlatform } from "../../../gateway/embedded.js";
import { loadConfig } from "../../../lib/config.js";
import { anyDirectPorts } from "../../../rest-adapter/services.js";
import { registerAndLogin } from "../../../testing/accounts.js";
import { createTestDatabase } from "../../../testing/database.js";
import { HttpClient } from "../../../testing/http.js";
import { domainsNamed } from "../../../testing/platform.js";
import { addBytes, getBytes, randomBytes } from "./fixtures.js";

const P2P_AND_ITS_NEIGHBOURS = await domainsNamed("accounts", "work", "p2p");
const database = await createTestDatabase();
const config = loadConfig({
  LOG_LEVEL: "silent",
  JWT_SECRET: secret(32).toString("hex"),
  PORT: "0",
  ...anyDirectPorts(),
  HOST: "127.0.0.1",
  DATA_DIR: database.dataDir,
  ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
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
