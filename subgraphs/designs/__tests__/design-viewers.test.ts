// @tier unit
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { DesignsContext } from "../context.js";
import { createDesign } from "../domain/designs.js";
import { designViewers, enterDesignEditor, leaveDesignEditor, sweepLapsedViewers } from "../domain/editing/presence.js";
import { DESIGN_VIEWER_EVENTS } from "../manifest.js";

const VIEWERS_MAX = 12;
const LEASE_MS = 45_000;

let designs: DomainUnderTest<DesignsContext>;
const announced: string[] = [];
before(async () => {
  designs = await domainUnderTest<DesignsContext>("designs", { DESIGN_VIEWERS_MAX: String(VIEWERS_MAX) });
  await designs.runtime.bus.subscribe(DESIGN_VIEWER_EVENTS, (event: { designId: string }) => announced.push(event.designId));
});
after(() => designs?.stop());

let teams = 0;
function member(teamId: string, userId: number): DesignPrincipal {
  return { kind: "design", userId, subject: `U${userId}`, clientId: "OCunit", scopes: [], jti: "j", familyId: "f", teamId };
}
/** `count` members of a fresh team. */
function team(count = 2): DesignPrincipal[] {
  const teamId = `Tview${++teams}`;
  return Array.from({ length: count }, (_, i) => member(teamId, teams * 100 + i + 1));
}

const ctx = () => designs.as({ id: 1 });
const at = (start: number, ms: number) => new Date(start + ms);
const enter = (who: DesignPrincipal, designId: string, sessionId: string, now = new Date()) => enterDesignEditor(ctx(), who, { designId, sessionId }, now);
const leave = (who: DesignPrincipal, designId: string, sessionId: string, now = new Date()) => leaveDesignEditor(ctx(), who, { designId, sessionId }, now);
const viewers = async (who: DesignPrincipal, designId: string, now = new Date()) => (await designViewers(ctx(), who, designId, now)).map((viewer) => [viewer.userId, viewer.since.getTime()]);
const newDesign = async (owner: DesignPrincipal) => (await createDesign(ctx(), owner, { designType: { type: "preset", name: "presentation" } })).id;

async function refused(promise: Promise<unknown>, expected: Record<string, unknown>): Promise<void> {
  await assert.rejects(promise, (error) => {
    const extensions = (error as { extensions: Record<string, unknown> }).extensions;
    for (const [key, value] of Object.entries(expected)) assert.deepEqual(extensions[key], value, `${key} of ${JSON.stringify(extensions)}`);
    return true;
  });
}

/** Events arrive on a later tick (or from Redis): long enough for those already published to arrive. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

/** The designs announced on the bus because of `action`. */
async function announcements(action: () => Promise<unknown>): Promise<string[]> {
  await settled();
  const from = announced.length;
  await action();
  await settled();
  return announced.slice(from);
}

describe("a lease per browser tab; one viewer per user", () => {
  test("entering answers the viewers and when to renew; a renewal keeps `since`; a user's tabs are one viewer, since their first", async () => {
    const [owner, colleague] = team();
    const id = await newDesign(owner);
    const t0 = Date.now();
    const first = await enter(owner, id, "tab-owner-1", at(t0, 0));
    assert.deepEqual(first, { renewWithinSeconds: 15, viewers: [{ userId: owner.userId, since: at(t0, 0) }] });
    await enter(owner, id, "tab-owner-1", at(t0, 10_000));
    await enter(colleague, id, "tab-colleague", at(t0, 20_000));
    const secondTab = await enter(owner, id, "tab-owner-2", at(t0, 30_000));
    assert.deepEqual(secondTab.viewers, [{ userId: owner.userId, since: at(t0, 0) }, { userId: colleague.userId, since: at(t0, 20_000) }]);
    // The first tab was renewed at 10 s: still there at 50 s, past its first lease.
    assert.deepEqual(await viewers(colleague, id, at(t0, 50_000)), [[owner.userId, t0], [colleague.userId, t0 + 20_000]]);
    await leave(owner, id, "tab-owner-1", at(t0, 51_000));
    assert.deepEqual(await viewers(colleague, id, at(t0, 51_000)), [[colleague.userId, t0 + 20_000], [owner.userId, t0 + 30_000]], "since is now the remaining tab's");
  });

  test("a lease not renewed lapses: gone from the list at once, forgotten and announced by the sweep; entering again starts anew", async () => {
    const [owner, colleague] = team();
    const id = await newDesign(owner);
    const t0 = Date.now();
    await enter(owner, id, "tab-lapsing", at(t0, 0));
    await enter(colleague, id, "tab-staying", at(t0, 40_000));
    assert.deepEqual(await viewers(owner, id, at(t0, LEASE_MS - 1)), [[owner.userId, t0], [colleague.userId, t0 + 40_000]]);
    assert.deepEqual(await viewers(owner, id, at(t0, LEASE_MS)), [[colleague.userId, t0 + 40_000]]);

    const swept = await announcements(() => sweepLapsedViewers(designs.db, ctx().announceViewers, at(t0, LEASE_MS)));
    assert.ok(swept.includes(id), "the design whose session lapsed is announced");
    assert.deepEqual(await designs.db.designViewerSession.findMany({ where: { designId: id }, select: { sessionId: true } }), [{ sessionId: "tab-staying" }]);
    assert.equal(await leave(owner, id, "tab-lapsing", at(t0, LEASE_MS)), false, "a lapsed session is no longer open");
    const again = await enter(owner, id, "tab-lapsing", at(t0, 60_000));
    assert.deepEqual(again.viewers.map((viewer) => viewer.userId), [colleague.userId, owner.userId]);
  });

  test("what is announced: a user arriving or a session closing; not a renewal nor a second tab", async () => {
    const [owner, colleague] = team();
    const id = await newDesign(owner);
    assert.deepEqual(await announcements(() => enter(owner, id, "tab-one-of-two")), [id]);
    assert.deepEqual(await announcements(() => enter(owner, id, "tab-one-of-two")), []);
    assert.deepEqual(await announcements(() => enter(owner, id, "tab-two-of-two")), []);
    assert.deepEqual(await announcements(() => enter(colleague, id, "tab-colleague")), [id]);
    assert.deepEqual(await announcements(() => leave(colleague, id, "tab-colleague")), [id]);
    assert.deepEqual(await announcements(() => leave(colleague, id, "tab-colleague")), [], "nothing closed, nothing announced");
  });
});

describe("limits and the attacker's view", () => {
  test("at most DESIGN_VIEWERS_MAX sessions per design and 10 tabs per user; renewals always pass; concurrent entries keep the limit", async () => {
    const people = team(8);
    const id = await newDesign(people[0]);
    for (let tab = 0; tab < 10; tab++) await enter(people[0], id, `tab-of-one-${tab}`);
    await refused(enter(people[0], id, "tab-of-one-10"), { code: "CONFLICT", reason: "TOO_MANY_EDITOR_TABS", limit: 10 });
    const entries = await Promise.allSettled(people.slice(1).map((person) => enter(person, id, `tab-of-user-${person.userId}`)));
    assert.equal(entries.filter((entry) => entry.status === "fulfilled").length, VIEWERS_MAX - 10, "only the room left was taken");
    const full = entries.find((entry) => entry.status === "rejected");
    assert.equal((full as PromiseRejectedResult).reason.extensions.reason, "DESIGN_VIEWERS_FULL");
    assert.match((full as PromiseRejectedResult).reason.message, /open in 12 places/);
    assert.equal((await enter(people[0], id, "tab-of-one-3")).viewers.length, 3, "a renewal passes when the design is full");
    await leave(people[0], id, "tab-of-one-3");
    const late = people.slice(1).find((_, i) => entries[i].status === "rejected")!;
    assert.equal((await enter(late, id, "tab-late")).viewers.length, 4, "a closed session makes room");
  });

  test("another team's design is not found; a bad session id is refused before anything is stored", async () => {
    const [owner] = team(1);
    const [outsider] = team(1);
    const id = await newDesign(owner);
    await enter(owner, id, "tab-of-owner");
    const attempts = [
      () => enter(outsider, id, "tab-outsider"),
      () => leave(outsider, id, "tab-of-owner"),
      () => designViewers(ctx(), outsider, id),
      () => enter(owner, "D-unknown", "tab-valid1"),
      () => enter(owner, "x".repeat(10_000), "tab-valid1"),
    ];
    for (const attempt of attempts) await refused(attempt(), { code: "NOT_FOUND", entity: "design" });
    for (const sessionId of ["short", "x".repeat(65), "has space", "tab/../x", "ünïcode-tab", "x".repeat(100_000), ""]) {
      await refused(enter(owner, id, sessionId), { code: "BAD_USER_INPUT", field: "sessionId" });
      await refused(leave(owner, id, sessionId), { code: "BAD_USER_INPUT", field: "sessionId" });
    }
    assert.equal(await designs.db.designViewerSession.count({ where: { designId: id } }), 1);
  });

  test("a session is its user's own: a teammate using the same id opens a session of their own and cannot close the other's", async () => {
    const [owner, colleague] = team();
    const id = await newDesign(owner);
    await enter(owner, id, "shared-tab-id");
    assert.equal(await leave(colleague, id, "shared-tab-id"), false);
    assert.deepEqual((await viewers(owner, id)).map(([userId]) => userId), [owner.userId]);
    await enter(colleague, id, "shared-tab-id");
    assert.equal(await leave(colleague, id, "shared-tab-id"), true);
    assert.deepEqual((await viewers(owner, id)).map(([userId]) => userId), [owner.userId], "the owner's session with that id is still open");
  });
});
