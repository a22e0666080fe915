// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Client } from "graphql-ws";
import { loadConfig } from "../../lib/config.js";
import { subgraphEndpoint } from "../../lib/modules/topology.js";
import { DOMAINS } from "../../subgraphs/registry.js";
import { registerAndLogin } from "../../testing/accounts.js";
import fixture from "../../testing/fixture-domain/module.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { composeForTests } from "../../testing/query-plans.js";
import { follow, wsClient } from "../../testing/subscriptions.js";

let t: TestPlatform;
let token: string;
const clients: Client[] = [];

before(async () => {
  // The registry plus one line: the fixture domain. Nothing else is told about it.
  t = await startTestPlatform({ FIXTURE_NOTES_SHOUT_SUFFIX: "!!" }, [...DOMAINS, fixture]);
  ({ token } = await registerAndLogin(t.http));
});
after(async () => {
  for (const client of clients) await client.dispose();
  await t.stop();
});

const client = () => {
  const created = wsClient(t.http.baseUrl, token);
  clients.push(created);
  return created;
};

const BOARD = `subscription($name: String!) { board(name: $name) { name notes { text author { id email } } } }`;

describe("a domain is one module: composition, processes, workers and subscriptions follow from it", () => {
  test("it composes with the others, shared job types included, and its fields reach other domains' entities", async () => {
    const sdl = await composeForTests([...DOMAINS, fixture]);
    assert.match(sdl, /FIXTURE_NOTES/);
    const added = await t.http.graphql(`mutation { addNote(board: "b0", text: "hello") { text author { email } } }`, {}, token);
    assert.equal(added.body.data.addNote.text, "hello", added.text);
    assert.match(added.body.data.addNote.author.email, /@/);
  });

  test("its ports and URL follow the naming rule", () => {
    const endpoint = subgraphEndpoint(loadConfig({ FIXTURE_NOTES_SUBGRAPH_PORT: "4999" }).settings, fixture);
    assert.deepEqual(endpoint, { port: 4999, url: "http://127.0.0.1:4999/graphql" });
  });

  test("a change feed that does not end: the current state, then one message per change, until the client stops", async () => {
    const followed = follow(client(), BOARD, { name: "feed" });
    await followed.received(1);
    assert.deepEqual(followed.results[0].data.board.notes, []);
    for (const text of ["one", "two"]) {
      const added = await t.http.graphql(`mutation($text: String!) { addNote(board: "feed", text: $text) { text } }`, { text }, token);
      assert.equal(added.status, 200, added.text);
    }
    await t.http.graphql(`mutation { addNote(board: "elsewhere", text: "not for this feed") { text } }`, {}, token);
    await followed.received(3);
    assert.deepEqual(followed.results[2].data.board.notes.map((note: { text: string }) => note.text), ["one", "two"]);
    assert.match(followed.results[2].data.board.notes[0].author.email, /@/, "fields of the accounts domain are resolved per event");
    const endedEarly = await Promise.race([followed.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
    assert.equal(endedEarly, false, "the feed stays open");
    assert.equal(followed.results.length, 3, "no message for another board");
    followed.stop();
  });

  test("its job kind is run by the platform's workers and followed like any job, with its own settings", async () => {
    const started = await t.http.graphql(`mutation { shout(text: "quiet") { id status } }`, {}, token);
    const followed = follow(client(), `subscription($id: ID!) { shoutJob(id: $id) { status text } }`, { id: started.body.data.shout.id });
    assert.deepEqual(await followed.ended, {});
    assert.deepEqual(followed.results.at(-1).data.shoutJob, { status: "success", text: "QUIET!!" });
  });

  test("its operations need their platform's credentials", async () => {
    const anonymous = await t.http.graphql(`mutation { addNote(board: "b", text: "x") { id } }`);
    assert.equal(anonymous.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
  });
});
