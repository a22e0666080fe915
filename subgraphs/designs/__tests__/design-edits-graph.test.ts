// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startDesignPlatform, type DesignPlatform } from "../../../testing/designs.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";

let s: DesignPlatform;
before(async () => (s = await startDesignPlatform()));
after(() => s.t.stop());

const EDIT = `mutation($id: ID!, $ops: [DesignOperationInput!]!, $base: Int) {
  editDesign(designId: $id, operations: $ops, baseVersion: $base) { version createdElementIds createdPageIds design { id version title } } }`;
const CHANGE = `version author { id } at changedElementIds removedElementIds
  operations { addElement { elementId pageId kind x y text } updateElement { elementId x y text } deleteElement addPage { pageId index } setTitle }
  design { id version }`;
const FOLLOW = `subscription($id: ID!) { designChanged(designId: $id) { ${CHANGE} } }`;

async function graph(query: string, variables: Record<string, unknown>, token = s.token) {
  const response = await s.t.http.graphql(query, variables, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data;
}

async function newDesign(token = s.token): Promise<{ id: string; pageId: string }> {
  const created = await graph(`mutation { createDesign(input: { designType: { type: preset, name: presentation } }) { id pages { id } } }`, {}, token);
  return { id: created.createDesign.id, pageId: created.createDesign.pages[0].id };
}

const textAt = (pageId: string, text: string, x = 10) => ({ addElement: { pageId, kind: "text", x, y: 10, width: 200, height: 40, text } });

describe("editDesign through the gateway", () => {
  test("an edit answers its version and new ids; the design's version and updatedAt follow", async () => {
    const { id, pageId } = await newDesign();
    const before = (await graph(`query($id: ID!) { design(id: $id) { version updatedAt } }`, { id })).design;
    assert.equal(before.version, 0);
    const { editDesign } = await graph(EDIT, { id, ops: [textAt(pageId, "Hi"), { addPage: {} }, { setTitle: "Edited" }] });
    assert.deepEqual([editDesign.version, editDesign.createdElementIds.length, editDesign.createdPageIds.length, editDesign.design], [1, 1, 1, { id, version: 1, title: "Edited" }]);
    const read = (await graph(`query($id: ID!) { design(id: $id) { version updatedAt pageCount pages { elements { id ... on TextElement { text } } } } }`, { id })).design;
    assert.deepEqual([read.version, read.pageCount, read.pages[0].elements], [1, 2, [{ id: editDesign.createdElementIds[0], text: "Hi" }]]);
    assert.ok(read.updatedAt > before.updatedAt);
  });

  test("@oneOf: exactly one field per operation, in literals and in variables; introspection says so", async () => {
    const { id, pageId } = await newDesign();
    const literal = await s.t.http.graphql(`mutation($id: ID!) { editDesign(designId: $id, operations: [{ setTitle: "a", deletePage: "${pageId}" }]) { version } }`, { id }, s.token);
    assert.equal(literal.body.errors?.[0]?.extensions?.code, "GRAPHQL_VALIDATION_FAILED", literal.text);
    const variables = await s.t.http.graphql(EDIT, { id, ops: [{ setTitle: "a", deletePage: pageId }] }, s.token);
    assert.ok(variables.body.errors?.length, variables.text);
    assert.notEqual(variables.body.errors[0].extensions?.code, "INTERNAL_SERVER_ERROR", variables.text);
    const none = await s.t.http.graphql(EDIT, { id, ops: [{}] }, s.token);
    assert.ok(none.body.errors?.length, none.text);
    const introspected = await graph(`{ __type(name: "DesignOperationInput") { isOneOf } }`, {});
    assert.equal(introspected.__type.isOneOf, true);
    assert.equal((await graph(`query($id: ID!) { design(id: $id) { version title } }`, { id })).design.version, 0, "nothing was applied");
  });

  test("scopes, teams and bad input: the same refusals as today's design writes, nothing changed", async () => {
    const { id, pageId } = await newDesign();
    const metaOnly = await s.t.http.graphql(EDIT, { id, ops: [{ setTitle: "x" }] }, s.metaOnly);
    assert.equal(metaOnly.body.errors?.[0]?.extensions?.code, "FORBIDDEN", metaOnly.text);
    const outsider = await s.t.http.graphql(EDIT, { id, ops: [{ setTitle: "x" }] }, s.outsider);
    assert.deepEqual([outsider.body.errors?.[0]?.extensions?.code, outsider.body.errors?.[0]?.extensions?.entity], ["NOT_FOUND", "design"], outsider.text);
    const anonymous = await s.t.http.graphql(EDIT, { id, ops: [{ setTitle: "x" }] });
    assert.equal(anonymous.body.errors?.[0]?.extensions?.code, "UNAUTHENTICATED", anonymous.text);
    const tooMany = await s.t.http.graphql(EDIT, { id, ops: Array.from({ length: 101 }, () => ({ setTitle: "x" })) }, s.token);
    assert.deepEqual([tooMany.body.errors?.[0]?.extensions?.code, tooMany.body.errors?.[0]?.extensions?.field], ["BAD_USER_INPUT", "operations"], tooMany.text);
    const badColour = await s.t.http.graphql(EDIT, { id, ops: [{ addElement: { pageId, kind: "shape", x: 0, y: 0, width: 5, height: 5, fill: "url(#x)" } }] }, s.token);
    assert.deepEqual([badColour.body.errors?.[0]?.extensions?.code, badColour.body.errors?.[0]?.extensions?.operation], ["BAD_USER_INPUT", 0], badColour.text);
    const conflict = await s.t.http.graphql(EDIT, { id, ops: [{ setTitle: "x" }], base: 5 }, s.token);
    assert.equal(conflict.body.errors?.[0]?.extensions?.code, "BAD_USER_INPUT", conflict.text);
    assert.equal((await graph(`query($id: ID!) { design(id: $id) { version title } }`, { id })).design.version, 0);
  });
});

describe("editDesign under attack", () => {
  test("more aliased edits than the graph allows are refused whole; an edit past the elements a page holds applies nothing", async () => {
    const { id, pageId } = await newDesign();
    const aliases = Array.from({ length: 16 }, (_, i) => `e${i}: editDesign(designId: $id, operations: [{ setTitle: "alias ${i}" }]) { version }`).join(" ");
    const tooMany = await s.t.http.graphql(`mutation($id: ID!) { ${aliases} }`, { id }, s.token);
    assert.equal(tooMany.status, 400, tooMany.text);
    const floods = await s.t.http.graphql(EDIT, { id, ops: Array.from({ length: 100 }, (_, i) => ({ addElement: { pageId, kind: "shape", x: i, y: 0, width: 1, height: 1 } })) }, s.token);
    assert.equal(floods.body.data?.editDesign.version, 1, floods.text);
    const overflow = Array.from({ length: 6 }, () => s.t.http.graphql(EDIT, { id, ops: Array.from({ length: 100 }, (_, i) => ({ addElement: { pageId, kind: "shape", x: i, y: 0, width: 1, height: 1 } })) }, s.token));
    const answers = await Promise.all(overflow);
    assert.deepEqual(answers.map((answer) => answer.body.errors?.[0]?.extensions?.code ?? "ok").sort().reverse(), ["ok", "ok", "ok", "ok", "BAD_USER_INPUT", "BAD_USER_INPUT"], "a page holds 500 elements, however many edits race for the room");
    const read = await graph(`query($id: ID!) { design(id: $id) { version title pages { elements { id } } } }`, { id });
    assert.deepEqual([read.design.version, read.design.title, read.design.pages[0].elements.length], [5, "Untitled design", 500]);
  });
});

describe("designChanged: every accepted edit, live, in version order", () => {
  test("the latest state first, then each teammate's edit in order, also when they arrive at once", async () => {
    const { id, pageId } = await newDesign();
    const client = wsClient(s.t.http.baseUrl, s.token);
    const followed = follow(client, FOLLOW, { id });
    await followed.received(1);
    assert.deepEqual([followed.results[0].data.designChanged.version, followed.results[0].data.designChanged.operations], [0, []]);

    const first = await graph(EDIT, { id, ops: [textAt(pageId, "one")] }, s.teammate);
    await followed.received(2);
    const change = followed.results[1].data.designChanged;
    assert.equal(change.version, 1);
    assert.equal(change.author.id, s.p.otherClient.userId);
    assert.deepEqual(change.operations, [{ addElement: { elementId: first.editDesign.createdElementIds[0], pageId, kind: "text", x: 10, y: 10, text: "one" }, updateElement: null, deleteElement: null, addPage: null, setTitle: null }]);
    assert.deepEqual([change.changedElementIds, change.removedElementIds, change.design], [first.editDesign.createdElementIds, [], { id, version: 1 }]);

    await Promise.all(Array.from({ length: 10 }, (_, i) => graph(EDIT, { id, ops: [textAt(pageId, `burst ${i}`, i)] }, i % 2 ? s.teammate : s.token)));
    await followed.received(12);
    assert.deepEqual(followed.results.map((result) => result.data.designChanged.version), Array.from({ length: 12 }, (_, i) => i), "every version once, in order");
    followed.stop();
    await client.dispose();
  });

  test("teammates following one design each receive every edit alike, from one execution of the graph per edit", async () => {
    const { id, pageId } = await newDesign();
    const clients = [s.token, s.teammate].map((token) => wsClient(s.t.http.baseUrl, token));
    const followers = clients.map((client) => follow(client, FOLLOW, { id }));
    for (const followed of followers) await followed.received(1);
    const executions = s.t.platform.main.subscriptions.executions;
    for (let i = 0; i < 3; i++) await graph(EDIT, { id, ops: [textAt(pageId, `edit ${i}`)] }, i % 2 ? s.teammate : s.token);
    for (const followed of followers) await followed.received(4);
    assert.deepEqual(followers[0].results.map((result) => result.data.designChanged.version), [0, 1, 2, 3]);
    assert.deepEqual(followers[1].results, followers[0].results);
    assert.equal(s.t.platform.main.subscriptions.executions - executions, 3, "one execution per edit, for both teammates");
    for (const followed of followers) followed.stop();
    for (const client of clients) await client.dispose();
  });

  test("a selection reaching into another domain's fields is read with each follower's own credentials", async () => {
    const { id, pageId } = await newDesign();
    const follow2 = `subscription($id: ID!) { designChanged(designId: $id) { version author { id designUserId } } }`;
    const clients = [s.token, s.teammate].map((token) => wsClient(s.t.http.baseUrl, token));
    const followers = clients.map((client) => follow(client, follow2, { id }));
    for (const followed of followers) await followed.received(1);
    const executions = s.t.platform.main.subscriptions.executions;
    await graph(EDIT, { id, ops: [textAt(pageId, "one")] }, s.teammate);
    for (const followed of followers) await followed.received(2);
    const author = `U${s.p.otherClient.userId}`;
    assert.deepEqual(followers.map((followed) => followed.results[1].data.designChanged.author.designUserId), [author, author]);
    assert.equal(s.t.platform.main.subscriptions.executions - executions, 2, "the identity domain's field is not the designs domain's to vouch for: one read each");
    for (const followed of followers) followed.stop();
    for (const client of clients) await client.dispose();
  });

  test("a client that reconnects catches up with designEdits, then follows again", async () => {
    const { id, pageId } = await newDesign();
    const { editDesign } = await graph(EDIT, { id, ops: [textAt(pageId, "before")] });
    const client = wsClient(s.t.http.baseUrl, s.teammate);
    const followed = follow(client, FOLLOW, { id });
    await followed.received(1);
    const seen = followed.results[0].data.designChanged.version;
    assert.equal(seen, 1);
    followed.stop();
    await client.dispose();

    await graph(EDIT, { id, ops: [{ updateElement: { elementId: editDesign.createdElementIds[0], text: "while away" } }] });
    await graph(EDIT, { id, ops: [{ deleteElement: editDesign.createdElementIds[0] }] });
    const missed = await graph(`query($id: ID!, $since: Int!) { designEdits(designId: $id, sinceVersion: $since) { ${CHANGE} } }`, { id, since: seen }, s.teammate);
    assert.deepEqual(missed.designEdits.map((change: { version: number }) => change.version), [2, 3]);
    assert.equal(missed.designEdits[0].operations[0].updateElement.text, "while away");
    assert.deepEqual(missed.designEdits[1].removedElementIds, editDesign.createdElementIds);

    const again = wsClient(s.t.http.baseUrl, s.teammate);
    const resumed = follow(again, FOLLOW, { id });
    await resumed.received(1);
    assert.equal(resumed.results[0].data.designChanged.version, 3);
    resumed.stop();
    await again.dispose();
  });

  test("another team cannot follow or read the edits; a token without design:content:read cannot follow", async () => {
    const { id } = await newDesign();
    for (const token of [s.outsider, s.metaOnly]) {
      const client = wsClient(s.t.http.baseUrl, token);
      const refused = follow(client, FOLLOW, { id });
      await refused.ended;
      await client.dispose();
      assert.ok(["NOT_FOUND", "FORBIDDEN"].includes(refused.results[0]?.errors?.[0]?.extensions?.code), JSON.stringify(refused.results));
      assert.equal(refused.results[0]?.data, null);
    }
    const edits = await s.t.http.graphql(`query($id: ID!) { designEdits(designId: $id, sinceVersion: 0) { version } }`, { id }, s.outsider);
    assert.equal(edits.body.errors?.[0]?.extensions?.code, "NOT_FOUND", edits.text);
  });
});
