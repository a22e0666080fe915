// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Settings } from "../../../lib/settings.js";
import { registerAndLogin } from "../../../testing/accounts.js";
import type { HttpClient } from "../../../testing/http.js";
import { domainsNamed, startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

/** The p2p domain, the accounts domain its callers sign in with, and the work domain whose entities it extends. */
const P2P_AND_ITS_NEIGHBOURS = await domainsNamed("accounts", "work", "p2p");
import { p2pSettings } from "../settings.js";
import { addBytes, expectedCid, getBytes, randomBytes } from "./fixtures.js";

const QUOTA = 10 * 1024;
const PIECE = 4 * 1024;

let t: TestPlatform;
let ipfs: HttpClient;
before(async () => {
  t = await startTestPlatform({ P2P_CONTENT_MAX_BYTES: "4kb", P2P_PIN_QUOTA_BYTES: String(QUOTA) }, P2P_AND_ITS_NEIGHBOURS);
  ipfs = t.direct("ipfs");
});
after(() => t.stop());

/** Distinct content of `size` bytes for each `seed`. */
const content = (size: number, seed: number) => randomBytes(size).map((byte) => byte ^ seed);

test("P2P_PIN_QUOTA_BYTES: 64 MiB unless set", () => {
  assert.equal(p2pSettings(new Settings({})).pinQuotaBytes, 64 * 1024 * 1024);
  assert.equal(p2pSettings(new Settings({ P2P_PIN_QUOTA_BYTES: "1mb" })).pinQuotaBytes, 1024 * 1024);
});

test("a user keeps at most P2P_PIN_QUOTA_BYTES: an add past it is 413 and stores nothing; content already held costs nothing; each user has their own quota", async () => {
  const user = await registerAndLogin(t.http);
  const [first, second, third] = [1, 2, 3].map((seed) => content(PIECE, seed));
  for (const bytes of [first, second]) assert.equal((await addBytes(ipfs, bytes, user.token)).status, 201);

  const over = await addBytes(ipfs, third, user.token);
  assert.equal(over.status, 413, over.text);
  assert.deepEqual(over.body, { error: `Your content would pass your quota of ${QUOTA} bytes (you keep ${2 * PIECE})` });
  assert.equal((await getBytes(ipfs.baseUrl, await expectedCid(third))).status, 404, "nothing stored");

  assert.equal((await addBytes(ipfs, first, user.token)).status, 201, "the same content again: already held, no more bytes kept");
  assert.equal((await addBytes(ipfs, content(QUOTA - 2 * PIECE, 4), user.token)).status, 201, "up to the quota exactly");
  assert.equal((await addBytes(ipfs, content(1, 5), user.token)).status, 413);

  const other = await registerAndLogin(t.http);
  assert.equal((await addBytes(ipfs, third, other.token)).status, 201);
  assert.equal((await getBytes(ipfs.baseUrl, await expectedCid(third))).status, 200);
});

test("parallel adds at the quota cannot pass it together: exactly what fits is kept", async () => {
  const user = await registerAndLogin(t.http);
  const pieces = [11, 12, 13, 14, 15, 16].map((seed) => content(PIECE, seed));
  const answers = await Promise.all(pieces.map((bytes) => addBytes(ipfs, bytes, user.token)));
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 201, 413, 413, 413, 413], answers.map((answer) => answer.text).join(" | "));
  const held = await Promise.all(pieces.map(async (bytes) => (await getBytes(ipfs.baseUrl, await expectedCid(bytes))).status));
  assert.deepEqual(held, answers.map((answer) => (answer.status === 201 ? 200 : 404)));
});
