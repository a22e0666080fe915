// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { AnalyticsContext } from "../context.js";
import { recordDesignView, type ServedView } from "../domain/recording.js";
import { dayStarts, requestedRange, utcOffsetSeconds } from "../domain/views-over-time.js";

let analytics: DomainUnderTest<AnalyticsContext>;
const key = Buffer.alloc(32, 7);
let designs = 0;

before(async () => (analytics = await domainUnderTest<AnalyticsContext>("analytics")));
after(() => analytics?.stop());

async function design(): Promise<string> {
  const id = `DAN${++designs}`;
  await analytics.db.design.create({ data: { id, title: "Viewed", titleKey: "viewed", ownerId: 1, teamId: "TEAM1", typeKind: "custom" } });
  return id;
}

const view = (designId: string, at: string, changes: Partial<ServedView> = {}): ServedView => ({
  designId,
  purpose: "view",
  token: "payload.signature-of-link-one",
  expiresAt: new Date("2027-02-01T00:00:00Z"),
  clientAddress: "203.0.113.5",
  pagesShown: 3,
  at: new Date(at),
  ...changes,
});

describe("a view counts once per viewer and minute (the analytics domain's rule, against the database)", () => {
  test("the same viewer many times at once in one minute is one view; the next minute is another", async () => {
    const id = await design();
    const seconds = ["10:00:00.000", "10:00:12.500", "10:00:30.000", "10:00:59.999", "10:00:45.000", "10:00:01.000"];
    const counted = await Promise.all(seconds.map((time) => recordDesignView(analytics.db, key, view(id, `2027-01-12T${time}Z`))));
    assert.deepEqual(counted.filter(Boolean).length, 1, "exactly one of the concurrent views counted");
    assert.equal(await recordDesignView(analytics.db, key, view(id, "2027-01-12T10:01:00.000Z")), true);
    assert.equal(await recordDesignView(analytics.db, key, view(id, "2027-01-12T10:01:20.000Z")), false);
    const rows = await analytics.db.designView.findMany({ where: { designId: id }, orderBy: { minute: "asc" } });
    assert.deepEqual(rows.map((row) => row.minute.toISOString()), ["2027-01-12T10:00:00.000Z", "2027-01-12T10:01:00.000Z"]);
    assert.equal(new Set(rows.map((row) => row.viewerId)).size, 1);
  });

  test("another address, or the same address through another link, is another viewer in the same minute", async () => {
    const id = await design();
    const at = "2027-01-12T11:00:05Z";
    assert.equal(await recordDesignView(analytics.db, key, view(id, at)), true);
    assert.equal(await recordDesignView(analytics.db, key, view(id, at, { clientAddress: "203.0.113.6" })), true);
    assert.equal(await recordDesignView(analytics.db, key, view(id, at, { token: "payload.signature-of-link-two", purpose: "edit" })), true);
    const rows = await analytics.db.designView.findMany({ where: { designId: id } });
    assert.equal(new Set(rows.map((row) => row.viewerId)).size, 3);
    const links = await analytics.db.designViewLink.findMany({ where: { designId: id }, orderBy: { purpose: "asc" } });
    assert.deepEqual(links.map((link) => link.purpose), ["edit", "view"]);
  });

  test("nothing stored reveals the address or the link's token, and another key makes other ids", async () => {
    const id = await design();
    await recordDesignView(analytics.db, key, view(id, "2027-01-12T12:00:00Z"));
    await recordDesignView(analytics.db, Buffer.alloc(32, 8), view(id, "2027-01-12T12:00:00Z"));
    const stored = JSON.stringify([await analytics.db.designView.findMany({ where: { designId: id } }), await analytics.db.designViewLink.findMany({ where: { designId: id } })]);
    assert.ok(!stored.includes("203.0.113") && !stored.includes("signature-of-link"), stored);
    assert.equal(await analytics.db.designView.count({ where: { designId: id } }), 2);
  });

  test("views go when their design goes", async () => {
    const id = await design();
    await recordDesignView(analytics.db, key, view(id, "2027-01-12T13:00:00Z"));
    await analytics.db.design.delete({ where: { id } });
    assert.equal(await analytics.db.designView.count({ where: { designId: id } }), 0);
    assert.equal(await analytics.db.designViewLink.count({ where: { designId: id } }), 0);
  });
});

describe("views over time: ranges, time zones and days", () => {
  test("UTC offsets as +HH:MM (or minutes) from -12:00 to +14:00; anything else is refused", () => {
    assert.deepEqual(["+00:00", "+10:00", "-03:30", "+14:00", "600", "-720"].map(utcOffsetSeconds), [0, 36000, -12600, 50400, 36000, -43200]);
    for (const bad of ["+14:30", "-12:01", "+10:60", "10:00", "UTC", "+1000000", ""]) assert.throws(() => utcOffsetSeconds(bad), /timezone is not a valid UTC offset/, bad);
  });

  test("the default range is the 30 days up to now; a start after the end or more than 366 days is refused", () => {
    const now = new Date("2027-01-12T10:00:00Z");
    assert.deepEqual(requestedRange({}, now), { start: now.getTime() / 1000 - 30 * 86400, end: now.getTime() / 1000, offset: 0 });
    assert.throws(() => requestedRange({ startTime: new Date("2027-01-13T00:00:00Z") }, now), /start_time must be before end_time/);
    assert.throws(() => requestedRange({ startTime: new Date("1970-01-01T00:00:00Z") }, now), /at most 366 days/);
    assert.doesNotThrow(() => requestedRange({ startTime: new Date(now.getTime() - 366 * 86400_000) }, now));
  });

  test("days start at midnight in the asked time zone and cover the range, both ends included", () => {
    const start = Date.parse("2027-01-10T20:00:00Z") / 1000;
    const end = Date.parse("2027-01-12T01:00:00Z") / 1000;
    const iso = (days: number[]) => days.map((day) => new Date(day * 1000).toISOString());
    assert.deepEqual(iso(dayStarts({ start, end, offset: 0 })), ["2027-01-10T00:00:00.000Z", "2027-01-11T00:00:00.000Z", "2027-01-12T00:00:00.000Z"]);
    assert.deepEqual(iso(dayStarts({ start, end, offset: 36000 })), ["2027-01-10T14:00:00.000Z", "2027-01-11T14:00:00.000Z"]);
  });
});
