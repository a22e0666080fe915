// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { designScopedToken, startDesignPlatform, type DesignPlatform } from "../../../testing/designs.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";

const VIEWERS_MAX = 3;

let s: DesignPlatform;
// With comments: the domain that gives design-platform callers a user's name (`User.displayName`).
before(async () => (s = await startDesignPlatform({ DESIGN_VIEWERS_MAX: String(VIEWERS_MAX) }, [...DESIGN_DOMAINS, "comments"])));
after(() => s.t.stop());

const ENTER = `mutation($id: ID!, $session: ID!) { enterDesignEditor(designId: $id, sessionId: $session) { renewWithinSeconds viewers { user { id displayName } since } } }`;
const LEAVE = `mutation($id: ID!, $session: ID!) { leaveDesignEditor(designId: $id, sessionId: $session) }`;
const FOLLOW = `subscription($id: ID!) { designViewers(designId: $id) { user { id displayName } since } }`;

const newTab = () => randomBytes(12).toString("base64url");

async function graph(query: string, variables: Record<string, unknown>, token = s.token) {
  const response = await s.t.http.graphql(query, variables, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data;
}

/** The error's extensions of a refused call (`token` null: no token at all). */
async function refusal(query: string, variables: Record<string, unknown>, token: string | null = s.token) {
  const response = await s.t.http.graphql(query, variables, token ?? undefined);
  assert.equal(response.body.data?.enterDesignEditor ?? response.body.data?.leaveDesignEditor ?? null, null, response.text);
  return response.body.errors?.[0]?.extensions ?? {};
}

const newDesign = async () => (await graph(`mutation { createDesign(input: { designType: { type: preset, name: presentation } }) { id } }`, {})).createDesign.id as string;
const enter = (id: string, session: string, token = s.token) => graph(ENTER, { id, session }, token);
const leave = async (id: string, session: string, token = s.token) => (await graph(LEAVE, { id, session }, token)).leaveDesignEditor as boolean;

/** Each message of a `designViewers` stream as the ids of the users it lists. */
const userIds = (results: any[]) => results.map((result) => result.data.designViewers.map((viewer: { user: { id: number } }) => viewer.user.id));

describe("designViewers: who has the editor open, live", () => {
  test("a teammate following the design sees the other open the editor, renew, close it; several tabs are one viewer", async () => {
    const id = await newDesign();
    const owner = s.p.client.userId;
    const teammate = s.p.otherClient.userId;
    const client = wsClient(s.t.http.baseUrl, s.token);
    const followed = follow(client, FOLLOW, { id });
    await followed.received(1);

    const teammateTab = newTab();
    const entered = (await enter(id, teammateTab, s.teammate)).enterDesignEditor;
    assert.equal(entered.renewWithinSeconds, 15);
    assert.deepEqual(entered.viewers.map((viewer: { user: { id: number } }) => viewer.user.id), [teammate]);
    assert.equal(entered.viewers[0].user.displayName, "Otto Other");
    await followed.received(2);
    await enter(id, teammateTab, s.teammate);

    const [ownerTab, ownerSecondTab] = [newTab(), newTab()];
    await enter(id, ownerTab);
    await followed.received(3);
    await enter(id, ownerSecondTab);
    assert.equal(await leave(id, teammateTab, s.teammate), true);
    await followed.received(4);
    await leave(id, ownerTab);
    await followed.received(5);
    await leave(id, ownerSecondTab);
    await followed.received(6);
    assert.deepEqual(userIds(followed.results), [[], [teammate], [teammate, owner], [owner], [owner], []], "a renewal and a second tab send nothing; closing a tab sends the list");
    const listed = followed.results[2].data.designViewers;
    assert.ok(listed[0].since <= listed[1].since, "earliest first");
    followed.stop();
    await client.dispose();
  });

  test("a tab that stops renewing leaves the list by itself once its lease runs out", async () => {
    const id = await newDesign();
    const client = wsClient(s.t.http.baseUrl, s.token);
    const followed = follow(client, FOLLOW, { id });
    await followed.received(1);
    await enter(id, newTab(), s.teammate);
    await followed.received(2);
    // The tab was closed without a word (a crash, a lost network): its lease runs out as if 45 seconds had passed.
    await s.t.platform.runtime.db.prisma.designViewerSession.updateMany({ where: { designId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    assert.deepEqual((await graph(`query($id: ID!) { designViewers(designId: $id) { user { id } } }`, { id })).designViewers, [], "a lapsed lease is not listed");
    await followed.received(3);
    assert.deepEqual(userIds(followed.results), [[], [s.p.otherClient.userId], []]);
    followed.stop();
    await client.dispose();
  });
});

describe("designViewers: the attacker's view", () => {
  test("another team, a token without design:content:read and no token get the same refusals as the other design reads", async () => {
    const id = await newDesign();
    const tab = newTab();
    await enter(id, tab);
    for (const [token, code] of [[s.outsider, "NOT_FOUND"], [s.metaOnly, "FORBIDDEN"]] as const) {
      const client = wsClient(s.t.http.baseUrl, token);
      const refused = follow(client, FOLLOW, { id });
      await refused.ended;
      await client.dispose();
      assert.equal(refused.results[0]?.errors?.[0]?.extensions?.code, code, JSON.stringify(refused.results));
      assert.equal(refused.results[0]?.data, null);
      assert.equal((await refusal(ENTER, { id, session: newTab() }, token)).code, code);
      assert.equal((await refusal(LEAVE, { id, session: tab }, token)).code, code);
    }
    assert.equal((await refusal(ENTER, { id, session: newTab() }, null)).code, "UNAUTHENTICATED");
    assert.deepEqual(userIds([{ data: await graph(`query($id: ID!) { designViewers(designId: $id) { user { id } } }`, { id }) }]), [[s.p.client.userId]]);
  });

  test("bad session ids are refused as input, never a server error; a teammate cannot close someone else's session", async () => {
    const id = await newDesign();
    for (const session of ["short", "x".repeat(65), "x".repeat(200_000), "tab with spaces", "<script>alert(1)</script>", 1234]) {
      const extensions = await refusal(ENTER, { id, session });
      assert.deepEqual([extensions.code, extensions.field], ["BAD_USER_INPUT", "sessionId"], JSON.stringify(extensions).slice(0, 300));
    }
    const tab = newTab();
    await enter(id, tab);
    assert.equal(await leave(id, tab, s.teammate), false, "the same id is not the teammate's session");
    const viewers = (await enter(id, tab)).enterDesignEditor.viewers;
    assert.deepEqual(viewers.map((viewer: { user: { id: number } }) => viewer.user.id), [s.p.client.userId], "still open");
  });

  test("a design full of editor sessions refuses one more with a reason; closing one makes room", async () => {
    const id = await newDesign();
    const tabs = Array.from({ length: VIEWERS_MAX }, newTab);
    for (const tab of tabs) await enter(id, tab);
    const full = await refusal(ENTER, { id, session: newTab() }, s.teammate);
    assert.deepEqual([full.code, full.reason, full.limit], ["CONFLICT", "DESIGN_VIEWERS_FULL", VIEWERS_MAX]);
    await leave(id, tabs[0]);
    assert.equal((await enter(id, newTab(), s.teammate)).enterDesignEditor.viewers.length, 2);
  });

  test("a script renewing as fast as it can is RATE_LIMITED after 60 entries a minute", async () => {
    const id = await newDesign();
    const token = await designScopedToken(s.t.http, s.p, s.p.client);
    const tab = newTab();
    for (let call = 0; call < 60; call++) await enter(id, tab, token);
    const limited = await refusal(ENTER, { id, session: tab }, token);
    assert.equal(limited.code, "RATE_LIMITED");
    assert.ok(Number(limited.retryAfter) > 0, JSON.stringify(limited));
  });
});
